import { Group, Paper, ScrollArea, Text } from '@mantine/core';
import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import type { BoardDetail, Label, Member } from '@teamboard/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateColumn } from '../api/update-column';
import { byPosition, groupTasks, moveInList, neighbours, positionBetween } from '../hooks/board-order';
import classes from './board-canvas.module.css';
import { BoardColumn } from './board-column';
import { ColumnJumpBar } from './column-jump-bar';
import { CreateColumn } from './create-column';
import { useBoardTaskRequests } from '../board-task-requests';

interface BoardCanvasProps {
  board: BoardDetail;
  members: Member[];
  canEdit: boolean;
  /** Ids of the cards matching the search; null when not searching. */
  matches: ReadonlySet<number> | null;
  onOpenTask: (id: number) => void;
}

const parseId = (id: UniqueIdentifier) => {
  const [kind, value] = String(id).split('-');
  return { kind: kind as 'task' | 'col', id: Number(value) };
};

/** Tasks land on the card under the pointer, else on the column; columns on the nearest column. */
const collisionDetection: CollisionDetection = (args) => {
  const activeKind = parseId(args.active.id).kind;
  const droppableContainers = args.droppableContainers.filter(
    (container) => activeKind === 'task' || parseId(container.id).kind === 'col',
  );
  if (activeKind === 'col') return closestCenter({ ...args, droppableContainers });
  const tasksOnly = droppableContainers.filter((container) => parseId(container.id).kind === 'task');
  const underPointer = pointerWithin({ ...args, droppableContainers: tasksOnly });
  if (underPointer.length > 0) return underPointer;
  const columns = pointerWithin({ ...args, droppableContainers });
  return columns.length > 0 ? columns : closestCorners({ ...args, droppableContainers });
};

/** Where the dragged card goes: its target column and index in that column's order. */
function target(order: Record<number, number[]>, overId: UniqueIdentifier, taskId: number) {
  const over = parseId(overId);
  if (over.kind === 'col') {
    const list = order[over.id] ?? [];
    return { columnId: over.id, index: list.includes(taskId) ? list.indexOf(taskId) : list.length };
  }
  for (const [columnId, list] of Object.entries(order)) {
    const index = list.indexOf(over.id);
    if (index !== -1) return { columnId: Number(columnId), index };
  }
  return null;
}

function columnOf(order: Record<number, number[]>, taskId: number): number | null {
  for (const [columnId, list] of Object.entries(order)) if (list.includes(taskId)) return Number(columnId);
  return null;
}

/** The columns and cards with drag and drop: one request per drop, optimistic, rolled back on failure. */
export function BoardCanvas({ board, members, canEdit, matches, onOpenTask }: BoardCanvasProps) {
  const { t } = useTranslation('boards');
  const boardId = board.board.id;
  const { useMoveTask } = useBoardTaskRequests();
  const move = useMoveTask(boardId);
  const updateColumn = useUpdateColumn(boardId);
  const [dragOrder, setDragOrder] = useState<Record<number, number[]> | null>(null);
  const [active, setActive] = useState<UniqueIdentifier | null>(null);

  const columns = useMemo(() => byPosition(board.columns), [board.columns]);
  const baseOrder = useMemo(() => groupTasks(columns, board.tasks), [columns, board.tasks]);
  const order = dragOrder ?? baseOrder;
  const tasks = useMemo(() => new Map(board.tasks.map((task) => [task.id, task])), [board.tasks]);
  const labels = useMemo(
    () => new Map<number, Label>(board.labels.map((label) => [label.id, label])),
    [board.labels],
  );
  const memberMap = useMemo(() => new Map(members.map((member) => [member.id, member])), [members]);
  // Moving while the search hides cards would compute neighbours against a partial list.
  const canDrag = canEdit && matches === null;
  const viewportRef = useRef<HTMLDivElement>(null);
  const visibleIds = useCallback(
    (columnId: number) => {
      const ids = order[columnId] ?? [];
      return matches ? ids.filter((id) => matches.has(id)) : ids;
    },
    [order, matches],
  );
  const chips = useMemo(
    () =>
      columns.map((column) => ({ id: column.id, name: column.name, count: visibleIds(column.id).length })),
    [columns, visibleIds],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );

  const nameOf = useCallback(
    (id: UniqueIdentifier | undefined) => {
      if (id === undefined) return '';
      const parsed = parseId(id);
      if (parsed.kind === 'task') return tasks.get(parsed.id)?.title ?? '';
      return board.columns.find((column) => column.id === parsed.id)?.name ?? '';
    },
    [tasks, board.columns],
  );

  const announcements: Announcements = {
    onDragStart: ({ active: item }) => t('dnd.picked', { name: nameOf(item.id) }),
    onDragOver: ({ active: item, over }) =>
      over
        ? t('dnd.over', { name: nameOf(item.id), over: nameOf(over.id) })
        : t('dnd.outside', { name: nameOf(item.id) }),
    onDragEnd: ({ active: item }) => t('dnd.dropped', { name: nameOf(item.id) }),
    onDragCancel: ({ active: item }) => t('dnd.cancelled', { name: nameOf(item.id) }),
  };

  function handleDragStart({ active: item }: DragStartEvent) {
    setActive(item.id);
    if (parseId(item.id).kind === 'task') setDragOrder(baseOrder);
  }

  function handleDragOver({ active: item, over }: DragOverEvent) {
    const dragged = parseId(item.id);
    if (dragged.kind !== 'task' || !over) return;
    setDragOrder((current) => {
      const state = current ?? baseOrder;
      const from = columnOf(state, dragged.id);
      const to = target(state, over.id, dragged.id);
      if (from === null || to === null || from === to.columnId) return current;
      return {
        ...state,
        [from]: (state[from] ?? []).filter((id) => id !== dragged.id),
        [to.columnId]: moveInList(state[to.columnId] ?? [], dragged.id, to.index),
      };
    });
  }

  function handleDragEnd({ active: item, over }: DragEndEvent) {
    const dragged = parseId(item.id);
    const state = dragOrder;
    setDragOrder(null);
    setActive(null);
    if (!over) return;
    if (dragged.kind === 'col') {
      const overId = parseId(over.id).id;
      if (overId === dragged.id) return;
      const ids = columns.map((column) => column.id);
      const next = moveInList(ids, dragged.id, ids.indexOf(overId));
      const { after_id, before_id } = neighbours(next, dragged.id);
      const position = positionBetween(
        columns.find((c) => c.id === after_id)?.position,
        columns.find((c) => c.id === before_id)?.position,
      );
      updateColumn.mutate({ id: dragged.id, input: { position } });
      return;
    }
    if (state === null) return;
    const to = target(state, over.id, dragged.id);
    if (to === null) return;
    const list = moveInList(state[to.columnId] ?? [], dragged.id, to.index);
    const original = baseOrder[to.columnId] ?? [];
    const task = tasks.get(dragged.id);
    if (!task) return;
    if (task.column_id === to.columnId && original.join() === list.join()) return;
    const { after_id, before_id } = neighbours(list, dragged.id);
    const optimisticPosition = positionBetween(
      after_id === null ? undefined : tasks.get(after_id)?.position,
      before_id === null ? undefined : tasks.get(before_id)?.position,
    );
    move.mutate({
      id: dragged.id,
      input: { column_id: to.columnId, after_id, before_id },
      optimisticPosition,
    });
  }

  const activeTask =
    active !== null && parseId(active).kind === 'task' ? tasks.get(parseId(active).id) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setDragOrder(null);
        setActive(null);
      }}
    >
      <ColumnJumpBar columns={chips} viewportRef={viewportRef} />
      <ScrollArea
        type="auto"
        offsetScrollbars
        viewportRef={viewportRef}
        classNames={{ viewport: classes.viewport }}
      >
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
          <SortableContext
            items={columns.map((column) => `col-${column.id}`)}
            strategy={horizontalListSortingStrategy}
          >
            {columns.map((column) => (
              <BoardColumn
                key={column.id}
                boardId={boardId}
                column={column}
                taskIds={visibleIds(column.id)}
                tasks={tasks}
                labels={labels}
                members={memberMap}
                canEdit={canEdit}
                canDrag={canDrag}
                matches={matches}
                onOpenTask={onOpenTask}
              />
            ))}
          </SortableContext>
          {canEdit && <CreateColumn boardId={boardId} />}
          {columns.length === 0 && !canEdit && (
            <Text c="dimmed" size="sm">
              {t('column.none')}
            </Text>
          )}
        </Group>
      </ScrollArea>
      <DragOverlay>
        {activeTask ? (
          <Paper withBorder shadow="lg" p="xs" w={260}>
            <Text size="sm" fw={500}>
              {activeTask.title}
            </Text>
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
