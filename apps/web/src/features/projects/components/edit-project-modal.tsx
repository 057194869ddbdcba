import { Button, Group, Modal, Stack } from '@mantine/core';
import { UpdateProjectInputSchema, type Project } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useUpdateProject } from '../api/update-project';
import { ProjectFields, type ProjectFieldValues } from './project-fields';
import { TimeZoneField } from './time-zone-field';

function EditProjectForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const [values, setValues] = useState<ProjectFieldValues>({
    name: project.name,
    description: project.description,
    is_private: project.is_private,
  });
  const [timeZone, setTimeZone] = useState<string | null>(project.time_zone);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProject();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(UpdateProjectInputSchema, {
      name: values.name,
      description: values.description,
      is_private: values.is_private,
      time_zone: timeZone,
    });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    update.mutate(
      { id: project.id, input: result.data },
      {
        onSuccess: () => {
          notifySuccess(t('edit.saved'));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ProjectFields values={values} errors={errors} onChange={setValues} />
        <TimeZoneField
          value={timeZone}
          error={errors.time_zone ? t(`errors:${errors.time_zone}`) : undefined}
          onChange={setTimeZone}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Owner only: name, description, privacy and the reports' time zone. */
export function EditProjectModal({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={project !== null} onClose={onClose} title={t('edit.title')}>
      {project && <EditProjectForm key={project.id} project={project} onClose={onClose} />}
    </Modal>
  );
}
