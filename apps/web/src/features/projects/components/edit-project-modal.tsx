import { Button, Group, Modal, Stack } from '@mantine/core';
import {
  COURSE_FIELDS,
  ProjectCourseInputSchema,
  UpdateProjectInputSchema,
  type Project,
  type ProjectCourse,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useUpdateProject } from '../api/update-project';
import { CourseFields } from './course-fields';
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
  const [course, setCourse] = useState<ProjectCourse>(project.course);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [courseErrors, setCourseErrors] = useState<FieldErrors>({});
  const update = useUpdateProject();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only the fields changed are sent: a placement a roster import wrote stays as it is.
    const changedCourse = Object.fromEntries(
      COURSE_FIELDS.filter((field) => (course[field] ?? '') !== (project.course[field] ?? '')).map(
        (field) => [field, course[field] ?? ''],
      ),
    );
    const courseChanged = Object.keys(changedCourse).length > 0;
    const result = validate(UpdateProjectInputSchema, {
      name: values.name,
      description: values.description,
      is_private: values.is_private,
      time_zone: timeZone,
      course: courseChanged ? changedCourse : undefined,
    });
    setErrors(result.errors ?? {});
    setCourseErrors(validate(ProjectCourseInputSchema, changedCourse).errors ?? {});
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
        <CourseFields value={course} errors={courseErrors} onChange={setCourse} />
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

/** Owner only: name, description, privacy, the reports' time zone and the place in a course. */
export function EditProjectModal({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={project !== null} onClose={onClose} title={t('edit.title')}>
      {project && <EditProjectForm key={project.id} project={project} onClose={onClose} />}
    </Modal>
  );
}
