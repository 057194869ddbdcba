import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Board } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteBoard } from '../api/delete-board';

interface DeleteBoardModalProps {
  projectId: string;
  board: Board | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}

/** Asks before deleting a board with everything on it. */
export function DeleteBoardModal({ projectId, board, onClose, onDeleted }: DeleteBoardModalProps) {
  const { t } = useTranslation('boards');
  const remove = useDeleteBoard(projectId);
  return (
    <Modal opened={board !== null} onClose={onClose} title={t('board.delete_title')}>
      <Stack gap="md">
        <Text>{t('board.delete_text', { name: board?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (board === null) return;
              remove.mutate(board.id, {
                onSuccess: () => {
                  notifySuccess(t('board.deleted'));
                  onDeleted(board.id);
                  onClose();
                },
              });
            }}
          >
            {t('board.delete_submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
