import { Button, Group, Modal, Stack, type ComboboxItem } from '@mantine/core';
import { CreateProjectInputSchema, type Project } from '@teamboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useCreateProject } from '../api/create-project';
import { ProjectFields, type ProjectFieldValues } from './project-fields';

interface CreateProjectFormProps {
  folderOptions: ComboboxItem[];
  defaultFolderId: number | null;
  onClose: () => void;
  onCreated?: (project: Project) => void;
}

function CreateProjectForm({ folderOptions, defaultFolderId, onClose, onCreated }: CreateProjectFormProps) {
  const { t } = useTranslation('projects');
  const [values, setValues] = useState<ProjectFieldValues>(() => ({
    name: '',
    description: '',
    is_private: true,
    folder_id:
      defaultFolderId !== null && folderOptions.some((option) => option.value === String(defaultFolderId))
        ? String(defaultFolderId)
        : (folderOptions[0]?.value ?? null),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProject();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateProjectInputSchema, {
      name: values.name,
      description: values.description,
      is_private: values.is_private,
      folder_id: values.folder_id ? Number(values.folder_id) : undefined,
    });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    // A refusal (MAX_PROJECTS_REACHED…) is the server's localized message, shown as a toast.
    create.mutate(result.data, {
      onSuccess: (project) => {
        notifySuccess(t('create.created'));
        onCreated?.(project);
        onClose();
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ProjectFields values={values} errors={errors} onChange={setValues} folderOptions={folderOptions} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CreateProjectButtonProps {
  folderOptions: ComboboxItem[];
  defaultFolderId: number | null;
  onCreated?: (project: Project) => void;
}

/** "New project" and its modal: name, description, private switch, folder. */
export function CreateProjectButton({ folderOptions, defaultFolderId, onCreated }: CreateProjectButtonProps) {
  const { t } = useTranslation('projects');
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('create.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('create.title')}>
        {opened && (
          <CreateProjectForm
            folderOptions={folderOptions}
            defaultFolderId={defaultFolderId}
            onClose={close}
            onCreated={onCreated}
          />
        )}
      </Modal>
    </>
  );
}
