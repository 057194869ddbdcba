import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Title } from '@mantine/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Column, Label, Member, TaskSummary } from '@teamboard/contract';
import { IconDots, IconGripVertical } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteColumn } from '../api/delete-column';
import { useUpdateColumn } from '../api/update-column';
import { useBoardForm } from '../hooks/use-open-form';
import { CreateTaskForm } from './create-task-form';
import { NameForm } from './name-form';
import { TaskCard } from './task-card';
import { useBoardTaskRequests, type ColumnTasksAction } from '../board-task-requests';

/**
 * Cards rendered at first in a column (more than a screen's height); more come as the end of the
 * list nears the viewport. A board of 2,000 tasks thus paints 200 cards, not 2,000.
 */
export const CARDS_PAGE = 20;
/** How far below the viewport the end of a column starts loading the next cards. */
const PRELOAD_MARGIN = '0px 0px 600px 0px';

interface BoardColumnProps {
  boardId: number;
  column: Column;
  /** Card ids in display order (already filtered by the search). */
  taskIds: number[];
  tasks: ReadonlyMap<number, TaskSummary>;
  labels: ReadonlyMap<number, Label>;
  members: ReadonlyMap<number, Member>;
  canEdit: boolean;
  canDrag: boolean;
  matches: ReadonlySet<number> | null;
  onOpenTask: (id: number) => void;
}

/** Grows the rendered part of a long column when its end comes into view. */
function useWindow(total: number) {
  const [count, setCount] = useState(CARDS_PAGE);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || count >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((value) => value + CARDS_PAGE);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [count, total]);
  return { count, sentinel, showMore: () => setCount((value) => value + CARDS_PAGE) };
}

export const BoardColumn = memo(function BoardColumn({
  boardId,
  column,
  taskIds,
  tasks,
  labels,
  members,
  canEdit,
  canDrag,
  matches,
  onOpenTask,
}: BoardColumnProps) {
  const { t } = useTranslation('boards');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: `col-${column.id}`,
      data: { type: 'column' },
      disabled: !canDrag,
    });
  const menu = useBoardForm(`column-menu:${column.id}`);
  const rename = useBoardForm(`rename-column:${column.id}`);
  const update = useUpdateColumn(boardId);
  const remove = useDeleteColumn(boardId);
  const { useColumnTasksAction } = useBoardTaskRequests();
  const bulk = useColumnTasksAction(boardId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Archive all and complete all change every task of the column: one click asks first (issue 14).
  const [pendingBulk, setPendingBulk] = useState<ColumnTasksAction | null>(null);
  const { count, sentinel, showMore } = useWindow(taskIds.length);
  const visible = useMemo(() => taskIds.slice(0, count), [taskIds, count]);
  const sortableIds = useMemo(() => visible.map((id) => `task-${id}`), [visible]);

  function runBulk(action: ColumnTasksAction) {
    bulk.mutate(
      { id: column.id, action },
      {
        onSuccess: (changed) => {
          setPendingBulk(null);
          notifySuccess(
            t(action === 'archive_tasks' ? 'column.archived_all' : 'column.completed_all', {
              count: changed.length,
            }),
          );
        },
      },
    );
  }

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={t('column.region', { name: column.name })}
      data-column-id={column.id}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-gray-light)"
      w={280}
      miw={280}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Stack gap="xs">
        {rename.isOpen ? (
          <NameForm
            label={t('column.name')}
            submitLabel={t('save')}
            initialValue={column.name}
            onCancel={rename.close}
            onSubmit={(name) => {
              update.mutate({ id: column.id, input: { name } });
              rename.close();
            }}
          />
        ) : (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              {canDrag && (
                <ActionIcon
                  ref={setActivatorNodeRef}
                  variant="subtle"
                  size="sm"
                  color="gray"
                  {...attributes}
                  {...listeners}
                  aria-roledescription={t('column.roledescription')}
                  aria-label={t('column.move', { name: column.name })}
                  style={{ cursor: 'grab', touchAction: 'none' }}
                >
                  <IconGripVertical size={14} aria-hidden />
                </ActionIcon>
              )}
              <Title order={2} size="h5" style={{ wordBreak: 'break-word' }}>
                {column.name}
              </Title>
              <Badge size="xs" variant="default" aria-label={t('column.count', { count: taskIds.length })}>
                {taskIds.length}
              </Badge>
            </Group>
            {canEdit && (
              <Menu opened={menu.isOpen} onChange={menu.setOpen} position="bottom-end">
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="gray"
                    aria-label={t('column.actions', { name: column.name })}
                  >
                    <IconDots size={14} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={rename.open}>{t('column.rename')}</Menu.Item>
                  <Menu.Item onClick={() => setPendingBulk('archive_tasks')}>
                    {t('column.archive_all')}
                  </Menu.Item>
                  <Menu.Item onClick={() => setPendingBulk('complete_tasks')}>
                    {t('column.complete_all')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => setConfirmDelete(true)}>
                    {t('column.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        )}
        <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
          <Stack gap={6} mih={24} role="list" aria-label={t('column.tasks', { name: column.name })}>
            {visible.map((id) => {
              const task = tasks.get(id);
              return task ? (
                <div role="listitem" key={id}>
                  <TaskCard
                    task={task}
                    labels={labels}
                    members={members}
                    canDrag={canDrag}
                    isMatch={matches?.has(id) ?? false}
                    onOpen={onOpenTask}
                  />
                </div>
              ) : null;
            })}
          </Stack>
        </SortableContext>
        {visible.length < taskIds.length && (
          <div ref={sentinel}>
            <Button variant="subtle" size="xs" fullWidth onClick={showMore}>
              {t('column.show_more', { count: taskIds.length - visible.length })}
            </Button>
          </div>
        )}
        {canEdit && <CreateTaskForm boardId={boardId} columnId={column.id} columnName={column.name} />}
      </Stack>
      <ConfirmModal
        opened={confirmDelete}
        title={t('column.delete_title')}
        text={t('column.delete_text', { name: column.name, count: taskIds.length })}
        confirmLabel={t('column.delete_submit')}
        cancelLabel={t('cancel')}
        isPending={remove.isPending}
        isDestructive
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(column.id, {
            onSuccess: () => {
              notifySuccess(t('column.deleted'));
              setConfirmDelete(false);
            },
          })
        }
      />
      {pendingBulk !== null && (
        <ConfirmModal
          opened
          title={t(`column.${pendingBulk}_title`, { name: column.name })}
          text={t(`column.${pendingBulk}_text`, { name: column.name, count: taskIds.length })}
          confirmLabel={t(`column.${pendingBulk}_submit`)}
          cancelLabel={t('cancel')}
          isPending={bulk.isPending}
          onClose={() => setPendingBulk(null)}
          onConfirm={() => runBulk(pendingBulk)}
        />
      )}
    </Paper>
  );
});
