import { Button, Group, Modal, Select, Stack, type ComboboxItem } from '@mantine/core';
import type { Project } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdatePlacement } from '../api/update-placement';

interface MoveFormProps {
  project: Project;
  folderOptions: ComboboxItem[];
  onClose: () => void;
}

function MoveProjectForm({ project, folderOptions, onClose }: MoveFormProps) {
  const { t } = useTranslation('projects');
  const [folderId, setFolderId] = useState<string | null>(
    project.folder_id === null ? null : String(project.folder_id),
  );
  const placement = useUpdatePlacement();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (folderId === null) return;
        placement.mutate(
          { id: project.id, input: { folder_id: Number(folderId) } },
          {
            onSuccess: () => {
              notifySuccess(t('move.moved'));
              onClose();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Select
          label={t('move.folder')}
          data={folderOptions}
          value={folderId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={setFolderId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            disabled={folderId === null || folderId === String(project.folder_id)}
            loading={placement.isPending}
          >
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Files the project in another of the caller's folders (their own filing only). */
export function MoveProjectModal({
  project,
  folderOptions,
  onClose,
}: {
  project: Project | null;
  folderOptions: ComboboxItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={project !== null} onClose={onClose} title={t('move.title')}>
      {project && (
        <MoveProjectForm key={project.id} project={project} folderOptions={folderOptions} onClose={onClose} />
      )}
    </Modal>
  );
}
