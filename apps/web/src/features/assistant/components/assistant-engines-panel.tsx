import { Alert, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  ASSISTANT_IMAGE_ENGINES,
  ASSISTANT_SLOTS,
  type AssistantEngine,
  type AssistantEngineId,
  type AssistantSettings,
} from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { useAssistantSettings, useSaveAssistantSettings } from '../api/engines';
import {
  formFromSettings,
  inputFromForm,
  PROVIDERS,
  validateSettings,
  type SettingsErrors,
  type SettingsForm,
} from '../hooks/settings-form';
import { EngineTable } from './engine-table';
import { ProviderFields } from './provider-fields';

/** Server refusals that belong to a field; any other shows under the Save button. */
const FIELD_OF_SERVER_CODE: Partial<Record<string, string>> = {
  ASSISTANT_ENGINE_NOT_CONFIGURED: 'slots',
};

function SlotSelects({
  form,
  engines,
  error,
  onChange,
}: {
  form: SettingsForm;
  engines: AssistantEngine[];
  error: string | undefined;
  onChange: (slots: SettingsForm['slots']) => void;
}) {
  const { t } = useTranslation('assistant');
  const data = engines.map((engine) => ({
    value: String(engine.id),
    label: engine.configured
      ? t(`engines.${engine.key}`)
      : t('settings.engine_unconfigured', { name: t(`engines.${engine.key}`) }),
  }));
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {ASSISTANT_SLOTS.map((slot, index) => (
          <Select
            key={slot}
            label={t('tips.title', { number: index + 1 })}
            data={data}
            value={String(form.slots[slot])}
            allowDeselect={false}
            onChange={(value) =>
              value !== null && onChange({ ...form.slots, [slot]: Number(value) as AssistantEngineId })
            }
          />
        ))}
      </SimpleGrid>
      {error !== undefined && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function SettingsEditor({ settings }: { settings: AssistantSettings }) {
  const { t } = useTranslation(['assistant', 'errors']);
  const [form, setForm] = useState(() => formFromSettings(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const save = useSaveAssistantSettings();

  const handleSave = () => {
    const input = inputFromForm(form);
    const found = validateSettings(input);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        setForm(formFromSettings(saved));
        notifySuccess(t('settings.saved'));
      },
      onError: (error) => {
        const code = isApiError(error) ? error.code : undefined;
        setServerError({ field: FIELD_OF_SERVER_CODE[code ?? ''] ?? 'form', message: error.message });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('settings.slots_heading')}
        </Title>
        <SlotSelects
          form={form}
          engines={settings.engines}
          error={serverError?.field === 'slots' ? serverError.message : undefined}
          onChange={(slots) => setForm({ ...form, slots })}
        />
        <Select
          label={t('settings.image_engine')}
          maw={360}
          data={ASSISTANT_IMAGE_ENGINES.map((engine) => ({
            value: engine,
            label: t(`settings.image_engines.${engine}`),
          }))}
          value={form.imageEngine}
          allowDeselect={false}
          onChange={(value) => {
            const imageEngine = ASSISTANT_IMAGE_ENGINES.find((engine) => engine === value);
            if (imageEngine) setForm({ ...form, imageEngine });
          }}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {PROVIDERS.map((provider) => (
          <ProviderFields
            key={provider}
            provider={provider}
            form={form[provider]}
            errors={errors}
            onChange={(next) => setForm({ ...form, [provider]: next })}
          />
        ))}
      </SimpleGrid>
      {serverError?.field === 'form' && (
        <Alert color="red" variant="light" role="alert">
          {serverError.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={handleSave}>
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The dashboard's "Assistant engines" tab (admins): which engines exist and work, which engine
 * fills each tip slot, the image engine, and the two providers' endpoints, models and keys.
 */
export function AssistantEnginesPanel() {
  const { t } = useTranslation('assistant');
  const { data: settings, isPending, isError } = useAssistantSettings();
  if (isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  if (isError || settings === undefined)
    return (
      <Alert color="red" role="alert">
        {t('settings.load_failed')}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('settings.engines_heading')}
        </Title>
        <EngineTable engines={settings.engines} />
      </Stack>
      <SettingsEditor settings={settings} />
    </Stack>
  );
}
