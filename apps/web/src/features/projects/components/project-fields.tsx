import { Select, Stack, Switch, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { NAME_MAX_LENGTH, PROJECT_DESCRIPTION_MAX_LENGTH } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/validation';

export interface ProjectFieldValues {
  name: string;
  description: string;
  is_private: boolean;
  folder_id?: string | null;
}

interface ProjectFieldsProps {
  values: ProjectFieldValues;
  errors: FieldErrors;
  onChange: (values: ProjectFieldValues) => void;
  /** Shown only when creating: where the new project is filed. */
  folderOptions?: ComboboxItem[];
}

/** Name, description, privacy (and folder, on creation) of a project. */
export function ProjectFields({ values, errors, onChange, folderOptions }: ProjectFieldsProps) {
  const { t } = useTranslation('projects');
  const errorOf = (field: string) => (errors[field] ? t(`errors:${errors[field]}`) : undefined);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        maxLength={NAME_MAX_LENGTH}
        value={values.name}
        error={errorOf('name')}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
      />
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
        value={values.description}
        error={errorOf('description')}
        onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
      />
      <Switch
        label={t('fields.private')}
        description={t('private_hint')}
        checked={values.is_private}
        onChange={(event) => onChange({ ...values, is_private: event.currentTarget.checked })}
      />
      {folderOptions && (
        <Select
          label={t('fields.folder')}
          data={folderOptions}
          value={values.folder_id ?? null}
          allowDeselect={false}
          error={errorOf('folder_id')}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => onChange({ ...values, folder_id: value })}
        />
      )}
    </Stack>
  );
}
