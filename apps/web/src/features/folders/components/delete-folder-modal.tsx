import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Folder } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteFolder } from '../api/delete-folder';

interface DeleteFolderModalProps {
  folder: Folder | null;
  label: string;
  onClose: () => void;
  onDeleted?: (id: number) => void;
}

/**
 * Asks before deleting a folder. A folder with projects inside is refused by the server (409
 * FOLDER_NOT_EMPTY); the dialog closes either way and the toast says why it was refused.
 */
export function DeleteFolderModal({ folder, label, onClose, onDeleted }: DeleteFolderModalProps) {
  const { t } = useTranslation('folders');
  const remove = useDeleteFolder();

  function handleDelete() {
    if (folder === null) return;
    remove.mutate(folder.id, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        onDeleted?.(folder.id);
      },
      onSettled: onClose,
    });
  }

  return (
    <Modal opened={folder !== null} onClose={onClose} title={t('delete_title')}>
      <Stack gap="md">
        <Text>{t('delete_text', { name: label })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={handleDelete}>
            {t('delete_submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
