import { Button, Group, Input, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown';

interface MarkdownFieldProps {
  label: string;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (value: string) => void;
}

/** A Markdown text with a "Preview" toggle that shows it as the readers will (safely rendered). */
export function MarkdownField({ label, value, maxLength, error, onChange }: MarkdownFieldProps) {
  const { t } = useTranslation('lessons');
  const id = useId();
  const [isPreview, setIsPreview] = useState(false);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Input.Label htmlFor={id} required>
          {label}
        </Input.Label>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-pressed={isPreview}
          aria-label={t(isPreview ? 'form.edit_named' : 'form.preview_named', { field: label })}
          leftSection={isPreview ? <IconPencil size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
          onClick={() => setIsPreview((current) => !current)}
        >
          {isPreview ? t('form.write') : t('form.preview')}
        </Button>
      </Group>
      {isPreview ? (
        <Paper withBorder p="sm" mih={110} data-testid={`${id}-preview`}>
          {value.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {t('form.nothing_to_preview')}
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
          minRows={4}
          maxRows={14}
          maxLength={maxLength}
          description={t('form.markdown_hint')}
          inputWrapperOrder={['input', 'description', 'error']}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {isPreview && error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
