import { Badge, Button, Fieldset, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProviderForm, ProviderKey, SettingsErrors } from '../hooks/settings-form';

interface ProviderFieldsProps {
  provider: ProviderKey;
  form: ProviderForm;
  errors: SettingsErrors;
  onChange: (form: ProviderForm) => void;
}

/**
 * One provider's settings. The key is write-only: the page only knows whether one is stored, a
 * typed key replaces it on save, and "Remove key" drops it.
 */
export function ProviderFields({ provider, form, errors, onChange }: ProviderFieldsProps) {
  const { t } = useTranslation(['assistant', 'errors']);
  const errorOf = (field: string) => {
    const code = errors[`${provider}.${field}`];
    return code === undefined ? undefined : t(`errors:${code}`);
  };
  const set = (change: Partial<ProviderForm>) => onChange({ ...form, ...change });
  return (
    <Fieldset legend={t(`settings.providers.${provider}`)}>
      <Stack gap="sm">
        <TextInput
          label={t('settings.base_url')}
          description={t(`settings.base_url_hint.${provider}`)}
          value={form.baseUrl}
          error={errorOf('baseUrl')}
          inputMode="url"
          onChange={(event) => set({ baseUrl: event.currentTarget.value })}
        />
        <TextInput
          label={t('settings.model')}
          value={form.model}
          error={errorOf('model')}
          onChange={(event) => set({ model: event.currentTarget.value })}
        />
        <Switch
          label={t('settings.vision')}
          checked={form.vision}
          onChange={(event) => set({ vision: event.currentTarget.checked })}
        />
        <PasswordInput
          label={t('settings.api_key')}
          description={form.hasKey ? t('settings.api_key_replace') : t('settings.api_key_hint')}
          value={form.apiKey}
          error={errorOf('apiKey')}
          autoComplete="off"
          disabled={form.isRemovingKey}
          leftSection={<IconKey size={16} aria-hidden />}
          onChange={(event) => set({ apiKey: event.currentTarget.value })}
        />
        {form.hasKey && (
          <Group gap="xs">
            <Badge color={form.isRemovingKey ? 'red' : 'green'} variant="light">
              {form.isRemovingKey ? t('settings.key_removing') : t('settings.key_stored')}
            </Badge>
            <Button
              size="compact-sm"
              variant="subtle"
              color={form.isRemovingKey ? undefined : 'red'}
              onClick={() => set({ isRemovingKey: !form.isRemovingKey, apiKey: '' })}
            >
              {form.isRemovingKey ? t('settings.keep_key') : t('settings.remove_key')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
