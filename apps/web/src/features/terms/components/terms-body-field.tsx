import { Button, Group, Input, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { TERMS_TEXT_MAX_LENGTH } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown';

interface TermsBodyFieldProps {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One language of the draft: Markdown, with a preview rendered as readers will see it (safely). */
export function TermsBodyField({ label, value, error, onChange }: TermsBodyFieldProps) {
  const { t } = useTranslation('terms');
  const id = useId();
  const [isPreview, setIsPreview] = useState(false);
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Input.Label htmlFor={id} required>
          {label}
        </Input.Label>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-pressed={isPreview}
          onClick={() => setIsPreview((current) => !current)}
        >
          {isPreview ? t('manage.write') : t('manage.preview')}
        </Button>
      </Group>
      {isPreview ? (
        <Paper withBorder p="sm" mih={160} data-testid={`${id}-preview`}>
          {value.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {t('manage.nothing_to_preview')}
            </Text>
          ) : (
            <Markdown text={value} />
          )}
        </Paper>
      ) : (
        <Textarea
          id={id}
          value={value}
          autosize
          minRows={6}
          maxRows={18}
          maxLength={TERMS_TEXT_MAX_LENGTH}
          description={t('manage.markdown_hint')}
          inputWrapperOrder={['input', 'description', 'error']}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {isPreview && error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
