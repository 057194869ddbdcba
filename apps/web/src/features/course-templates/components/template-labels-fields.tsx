import { ActionIcon, Button, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { COURSE_TEMPLATE_LABELS_MAX, LABEL_NAME_MAX_LENGTH } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { LABEL_COLORS, newKey, replaced, type DraftErrors, type LabelDraft } from './template-draft';

interface TemplateLabelsFieldsProps {
  labels: LabelDraft[];
  errors: DraftErrors;
  onChange: (labels: LabelDraft[]) => void;
}

/** The template's labels: a name and a `#rrggbb` color each. */
export function TemplateLabelsFields({ labels, errors, onChange }: TemplateLabelsFieldsProps) {
  const { t } = useTranslation('course-templates');
  const message = (path: string) => (errors[path] ? t(`errors:${errors[path]}`) : undefined);
  return (
    <Stack gap="xs" role="group" aria-labelledby="template-labels-label">
      <Text fw={600} size="sm" id="template-labels-label">
        {t('editor.labels')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editor.labels_hint', { max: COURSE_TEMPLATE_LABELS_MAX })}
      </Text>
      {labels.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.none')}
        </Text>
      )}
      {labels.map((label, index) => {
        const number = index + 1;
        return (
          <Group key={label.key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              aria-label={t('editor.label_name', { number })}
              placeholder={t('editor.label_name', { number })}
              maxLength={LABEL_NAME_MAX_LENGTH}
              value={label.name}
              error={message(`labels.${index}.name`)}
              onChange={(event) => onChange(replaced(labels, label.key, { name: event.currentTarget.value }))}
            />
            <ColorInput
              w={120}
              withEyeDropper={false}
              format="hex"
              swatches={LABEL_COLORS}
              aria-label={t('editor.label_color', { number })}
              value={label.color}
              error={message(`labels.${index}.color`)}
              onChange={(color) => onChange(replaced(labels, label.key, { color }))}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('editor.remove_label', { number })}
              onClick={() => onChange(labels.filter((other) => other.key !== label.key))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {message('labels') && (
        <Text size="sm" c="red" role="alert">
          {message('labels')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={labels.length >= COURSE_TEMPLATE_LABELS_MAX}
          onClick={() =>
            onChange([
              ...labels,
              { key: newKey(), name: '', color: LABEL_COLORS[labels.length % LABEL_COLORS.length]! },
            ])
          }
        >
          {t('editor.add_label')}
        </Button>
      </Group>
    </Stack>
  );
}
