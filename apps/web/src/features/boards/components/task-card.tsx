import { Avatar, Badge } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Label, Member, TaskSummary } from '@teamboard/contract';
import { IconBan, IconCalendar, IconCircleCheck, IconListCheck, IconMessage } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import classes from './task-card.module.css';

const PRIORITY_COLORS = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' } as const;

interface TaskCardProps {
  task: TaskSummary;
  labels: ReadonlyMap<number, Label>;
  members: ReadonlyMap<number, Member>;
  canDrag: boolean;
  isMatch: boolean;
  onOpen: (id: number) => void;
}

/**
 * A card: one focusable element (role button, named by the task title) that opens the detail
 * with a click or Enter, and that editors drag with the mouse, touch or keyboard (Space lifts,
 * arrows move, Space drops, Escape cancels). Nothing interactive inside it.
 */
export const TaskCard = memo(function TaskCard({
  task,
  labels,
  members,
  canDrag,
  isMatch,
  onOpen,
}: TaskCardProps) {
  const { t } = useTranslation('boards');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `task-${task.id}`,
    data: { type: 'task' },
    disabled: !canDrag,
  });
  const dragProps = canDrag ? { ...attributes, ...listeners } : {};

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (canDrag) listeners?.onKeyDown?.(event);
    if (event.key === 'Enter' && !event.defaultPrevented) {
      event.preventDefault();
      onOpen(task.id);
    }
  }

  const format = useFormat();
  const assignees = task.assigned.map((id) => members.get(id)).filter((m): m is Member => m !== undefined);
  const overdue = task.deadline !== null && !task.completed && dayjs(task.deadline).isBefore(dayjs(), 'day');

  const hasMeta =
    task.is_blocked ||
    task.priority !== null ||
    task.deadline !== null ||
    task.checklist_total > 0 ||
    task.comments_count > 0 ||
    task.total_hours > 0;

  return (
    <div
      ref={setNodeRef}
      className={classes.card}
      data-task-id={task.id}
      data-match={isMatch || undefined}
      data-completed={task.completed || undefined}
      {...dragProps}
      role="button"
      tabIndex={0}
      aria-label={task.title}
      aria-roledescription={canDrag ? t('card.roledescription') : undefined}
      onClick={() => onOpen(task.id)}
      onKeyDown={handleKeyDown}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        cursor: canDrag ? 'grab' : 'pointer',
        touchAction: canDrag ? 'manipulation' : undefined,
      }}
    >
      {task.labels.length > 0 && (
        <div className={classes.row}>
          {task.labels.map((id) => {
            const label = labels.get(id);
            return label ? (
              <Badge key={id} size="xs" radius="sm" autoContrast color={label.color}>
                {label.name}
              </Badge>
            ) : null;
          })}
        </div>
      )}
      <div className={classes.title}>
        {task.completed && <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
        <span>{task.title}</span>
      </div>
      {hasMeta && (
        <div className={classes.meta}>
          {task.is_blocked && (
            <Badge size="xs" color="red" variant="light" leftSection={<IconBan size={10} aria-hidden />}>
              {t('card.blocked')}
            </Badge>
          )}
          {task.priority && (
            <Badge size="xs" variant="light" color={PRIORITY_COLORS[task.priority]}>
              {t(`priority.${task.priority}`)}
            </Badge>
          )}
          {task.deadline && (
            <span className={classes.metaItem} data-overdue={overdue || undefined}>
              <IconCalendar size={12} aria-hidden />
              {format.date(task.deadline)}
            </span>
          )}
          {task.checklist_total > 0 && (
            <span className={classes.metaItem}>
              <IconListCheck size={12} aria-hidden />
              {task.checklist_done}/{task.checklist_total}
            </span>
          )}
          {task.comments_count > 0 && (
            <span className={classes.metaItem}>
              <IconMessage size={12} aria-hidden />
              {task.comments_count}
            </span>
          )}
          {task.total_hours > 0 && <span>{t('card.hours', { hours: format.number(task.total_hours) })}</span>}
        </div>
      )}
      {assignees.length > 0 && (
        <Avatar.Group spacing="xs">
          {assignees.slice(0, 4).map((member) => (
            <Avatar key={member.id} size="sm" src={member.image} name={member.name} color="initials" alt="" />
          ))}
          {assignees.length > 4 && <Avatar size="sm">+{assignees.length - 4}</Avatar>}
        </Avatar.Group>
      )}
    </div>
  );
});
