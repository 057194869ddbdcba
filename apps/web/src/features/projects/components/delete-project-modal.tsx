import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Project } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteProject } from '../api/delete-project';

function DeleteProjectForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const [typed, setTyped] = useState('');
  const remove = useDeleteProject();
  const matches = typed.trim() === project.name.trim();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!matches) return;
        remove.mutate(project.id, {
          onSuccess: () => {
            notifySuccess(t('delete.deleted'));
            onClose();
          },
        });
      }}
    >
      <Stack gap="md">
        <Text>{t('delete.text', { name: project.name })}</Text>
        <TextInput
          label={t('delete.type_name')}
          description={project.name}
          data-autofocus
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
            {t('delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Owner only: deleting takes everything inside, so the project's name must be typed first. */
export function DeleteProjectModal({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={project !== null} onClose={onClose} title={t('delete.title')}>
      {project && <DeleteProjectForm key={project.id} project={project} onClose={onClose} />}
    </Modal>
  );
}
