import { Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COURSE_TEMPLATE_NAME_MAX_LENGTH, courseSemesterList } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useCreateTemplateFromProject } from '../api/create-template-from-project';
import { useMyProjects } from '../api/get-my-projects';

const YEARS = Array.from({ length: 10 }, (_, index) => String(index + 1));

interface TemplateFromProjectModalProps {
  opened: boolean;
  onClose: () => void;
}

/** "Create from project": one of the caller's projects, copied into a new template. */
export function TemplateFromProjectModal({ opened, onClose }: TemplateFromProjectModalProps) {
  const { t } = useTranslation('course-templates');
  return (
    <Modal opened={opened} onClose={onClose} title={t('from_project.title')}>
      {opened && <FromProjectForm onDone={onClose} />}
    </Modal>
  );
}

function FromProjectForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('course-templates');
  const projects = useMyProjects(true);
  const create = useCreateTemplateFromProject();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [year, setYear] = useState<string | null>(null);
  const [semester, setSemester] = useState<string | null>(null);

  if (projects.isPending) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (projects.isError) return null;
  if (projects.data.length === 0) return <Text size="sm">{t('from_project.no_projects')}</Text>;
  const chosen = projects.data.find((project) => String(project.id) === projectId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || create.isPending) return;
    create.mutate(
      {
        project_id: chosen.id,
        ...(name.trim() === '' ? {} : { name: name.trim() }),
        year: year === null ? null : Number(year),
        semester,
      },
      {
        onSuccess: () => {
          notifySuccess(t('from_project.created', { project: chosen.name }));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('from_project.project')}
          description={t('from_project.project_hint')}
          required
          searchable
          data={projects.data.map((project) => ({ value: String(project.id), label: project.name }))}
          value={projectId}
          onChange={setProjectId}
          data-autofocus
        />
        <TextInput
          label={t('from_project.name')}
          placeholder={
            chosen?.name.slice(0, COURSE_TEMPLATE_NAME_MAX_LENGTH) ?? t('from_project.name_placeholder')
          }
          maxLength={COURSE_TEMPLATE_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('editor.year')}
            placeholder={t('editor.not_set')}
            data={YEARS}
            clearable
            value={year}
            onChange={setYear}
          />
          <Select
            label={t('editor.semester')}
            placeholder={t('editor.not_set')}
            data={[...courseSemesterList()].reverse()}
            clearable
            searchable
            value={semester}
            onChange={setSemester}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('from_project.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen} loading={create.isPending}>
            {t('from_project.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
