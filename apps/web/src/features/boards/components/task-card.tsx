import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Label, Member, TaskSummary } from '@teamboard/contract';
import { IconBan, IconCalendar, IconCircleCheck, IconListCheck, IconMessage } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

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

  const assignees = task.assigned.map((id) => members.get(id)).filter((m): m is Member => m !== undefined);
  const overdue = task.deadline !== null && !task.completed && dayjs(task.deadline).isBefore(dayjs(), 'day');

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      shadow={isMatch ? 'md' : 'xs'}
      data-task-id={task.id}
      data-match={isMatch || undefined}
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
        opacity: isDragging ? 0.4 : task.completed ? 0.7 : 1,
        cursor: canDrag ? 'grab' : 'pointer',
        touchAction: canDrag ? 'manipulation' : undefined,
        outline: isMatch ? '2px solid var(--mantine-color-yellow-5)' : undefined,
      }}
    >
      <Stack gap={6}>
        {task.labels.length > 0 && (
          <Group gap={4}>
            {task.labels.map((id) => {
              const label = labels.get(id);
              return label ? (
                <Badge key={id} size="xs" radius="sm" autoContrast color={label.color}>
                  {label.name}
                </Badge>
              ) : null;
            })}
          </Group>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start">
          {task.completed && <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
          <Text
            size="sm"
            fw={500}
            td={task.completed ? 'line-through' : undefined}
            style={{ wordBreak: 'break-word' }}
          >
            {task.title}
          </Text>
        </Group>
        <Group gap={8} c="dimmed">
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
            <Group gap={2} c={overdue ? 'red' : undefined}>
              <IconCalendar size={12} aria-hidden />
              <Text size="xs">{dayjs(task.deadline).format('D/M/YYYY')}</Text>
            </Group>
          )}
          {task.checklist_total > 0 && (
            <Group gap={2}>
              <IconListCheck size={12} aria-hidden />
              <Text size="xs">
                {task.checklist_done}/{task.checklist_total}
              </Text>
            </Group>
          )}
          {task.comments_count > 0 && (
            <Group gap={2}>
              <IconMessage size={12} aria-hidden />
              <Text size="xs">{task.comments_count}</Text>
            </Group>
          )}
          {task.total_hours > 0 && <Text size="xs">{t('card.hours', { hours: task.total_hours })}</Text>}
        </Group>
        {assignees.length > 0 && (
          <Avatar.Group spacing="xs">
            {assignees.slice(0, 4).map((member) => (
              <Avatar
                key={member.id}
                size="sm"
                src={member.image}
                name={member.name}
                color="initials"
                alt=""
              />
            ))}
            {assignees.length > 4 && <Avatar size="sm">+{assignees.length - 4}</Avatar>}
          </Avatar.Group>
        )}
      </Stack>
    </Paper>
  );
});
