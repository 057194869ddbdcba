import { ActionIcon, Button, Group, Menu, ScrollArea } from '@mantine/core';
import type { Board, Label } from '@teamboard/contract';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/phone';
import { useCreateBoard } from '../api/create-board';
import { useUpdateBoard } from '../api/update-board';
import { useBoardForm } from '../hooks/use-open-form';
import { BoardSettingsModal } from './board-settings-modal';
import { DeleteBoardModal } from './delete-board-modal';
import { NameForm } from './name-form';

interface BoardTabsProps {
  projectId: string;
  boards: Board[];
  /** The project's labels, offered in the board settings. */
  labels: Label[];
  selectedId: number | null;
  canEdit: boolean;
  /** null deselects (docs/spec.md §4: choosing the selected board again deselects it). */
  onSelect: (id: number | null) => void;
}

function BoardTab({
  projectId,
  board,
  labels,
  isSelected,
  canEdit,
  onSelect,
  onDelete,
}: {
  projectId: string;
  board: Board;
  labels: Label[];
  isSelected: boolean;
  canEdit: boolean;
  onSelect: (id: number | null) => void;
  onDelete: (board: Board) => void;
}) {
  const { t } = useTranslation('boards');
  const menu = useBoardForm(`board-menu:${board.id}`);
  const rename = useBoardForm(`rename-board:${board.id}`);
  const settings = useBoardForm(`board-settings:${board.id}`);
  const update = useUpdateBoard(projectId);

  if (rename.isOpen) {
    return (
      <NameForm
        label={t('board.name')}
        submitLabel={t('save')}
        initialValue={board.name}
        isPending={update.isPending}
        onCancel={rename.close}
        onSubmit={(name) =>
          update.mutate(
            { id: board.id, input: { name } },
            {
              onSuccess: () => {
                notifySuccess(t('board.renamed'));
                rename.close();
              },
            },
          )
        }
      />
    );
  }

  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        variant={isSelected ? 'filled' : 'default'}
        aria-pressed={isSelected}
        onClick={() => onSelect(isSelected ? null : board.id)}
      >
        {board.name}
      </Button>
      {canEdit && (
        <Menu opened={menu.isOpen} onChange={menu.setOpen} position="bottom-start">
          <Menu.Target>
            <ActionIcon variant="subtle" size="sm" aria-label={t('board.actions', { name: board.name })}>
              <IconDots size={14} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={rename.open}>{t('board.rename')}</Menu.Item>
            <Menu.Item onClick={settings.open}>{t('board.settings')}</Menu.Item>
            <Menu.Item color="red" onClick={() => onDelete(board)}>
              {t('board.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {canEdit && (
        <BoardSettingsModal
          projectId={projectId}
          board={board}
          labels={labels}
          opened={settings.isOpen}
          onClose={settings.close}
        />
      )}
    </Group>
  );
}

/** The project's boards as toggle buttons, with create, rename, settings and delete for editors. */
export function BoardTabs({ projectId, boards, labels, selectedId, canEdit, onSelect }: BoardTabsProps) {
  const { t } = useTranslation('boards');
  const createForm = useBoardForm('create-board');
  const create = useCreateBoard(projectId);
  const [toDelete, setToDelete] = useState<Board | null>(null);
  // A phone shows every board and the create button on wrapped rows; a sideways row would hide them.
  const isPhone = useIsPhone();

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'} role="group" aria-label={t('board.list')}>
        {boards.map((board) => (
          <BoardTab
            key={board.id}
            projectId={projectId}
            board={board}
            labels={labels}
            isSelected={board.id === selectedId}
            canEdit={canEdit}
            onSelect={onSelect}
            onDelete={setToDelete}
          />
        ))}
        {canEdit &&
          (createForm.isOpen ? (
            <NameForm
              label={t('board.name')}
              submitLabel={t('board.create_submit')}
              isPending={create.isPending}
              onCancel={createForm.close}
              onSubmit={(name) =>
                create.mutate(
                  { name },
                  {
                    onSuccess: (board) => {
                      notifySuccess(t('board.created'));
                      createForm.close();
                      onSelect(board.id);
                    },
                  },
                )
              }
            />
          ) : (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={createForm.open}
            >
              {t('board.create')}
            </Button>
          ))}
      </Group>
      <DeleteBoardModal
        projectId={projectId}
        board={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(id) => {
          if (id === selectedId) onSelect(null);
        }}
      />
    </ScrollArea>
  );
}
