import { Button, Group, Input, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Markdown } from './markdown';

/** The words of a Markdown field, in the caller's namespace. */
export interface MarkdownFieldTexts {
  write: string;
  preview: string;
  nothingToPreview: string;
  /** Under the text box: what Markdown it takes. */
  hint: string;
  /**
   * The toggle's names with the field's ("Preview Problem"), for a form with several such fields:
   * the toggle then shows an icon too. Left out: its visible word names it.
   */
  named?: { write: string; preview: string };
}

/** How tall the text box grows: a lesson's fields are shorter than a whole terms text. */
const SIZES = {
  short: { minRows: 4, maxRows: 14, previewMinHeight: 110 },
  tall: { minRows: 6, maxRows: 18, previewMinHeight: 160 },
} as const;

interface MarkdownFieldProps {
  label: string;
  value: string;
  maxLength: number;
  error?: string | undefined;
  onChange: (value: string) => void;
  texts: MarkdownFieldTexts;
  size: keyof typeof SIZES;
}

/** A Markdown text with a "Preview" toggle that shows it as the readers will (safely rendered). */
export function MarkdownField({ label, value, maxLength, error, onChange, texts, size }: MarkdownFieldProps) {
  const id = useId();
  const [isPreview, setIsPreview] = useState(false);
  const { minRows, maxRows, previewMinHeight } = SIZES[size];
  const icon = isPreview ? <IconPencil size={14} aria-hidden /> : <IconEye size={14} aria-hidden />;
  return (
    // No minimum width: in a grid cell, a long line scrolls inside the box instead of widening the page.
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Input.Label htmlFor={id} required>
          {label}
        </Input.Label>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-pressed={isPreview}
          aria-label={texts.named && (isPreview ? texts.named.write : texts.named.preview)}
          leftSection={texts.named && icon}
          onClick={() => setIsPreview((current) => !current)}
        >
          {isPreview ? texts.write : texts.preview}
        </Button>
      </Group>
      {isPreview ? (
        <Paper withBorder p="sm" mih={previewMinHeight} data-testid={`${id}-preview`}>
          {value.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {texts.nothingToPreview}
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
          minRows={minRows}
          maxRows={maxRows}
          maxLength={maxLength}
          description={texts.hint}
          inputWrapperOrder={['input', 'description', 'error']}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {isPreview && error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
