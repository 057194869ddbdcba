import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SnapshotBoard, SnapshotColumn, SnapshotTask } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { SnapshotFormat } from '../snapshot-format';

/** A board as it was frozen: its columns, each with the milestone's cards read-only. */
export function FrozenBoard({ board, format }: { board: SnapshotBoard; format: SnapshotFormat }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {board.name}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
        {board.columns.map((column) => (
          <FrozenColumn key={column.id} column={column} format={format} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function FrozenColumn({ column, format }: { column: SnapshotColumn; format: SnapshotFormat }) {
  const { t } = useTranslation('milestones');
  return (
    <Paper
      withBorder
      p="xs"
      bg="var(--mantine-color-default-hover)"
      aria-label={column.name}
      component="section"
    >
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {column.name}
        </Text>
        <Badge variant="default" style={{ flexShrink: 0 }}>
          {t('snapshot.column_count', { count: column.task_count, milestone: column.tasks.length })}
        </Badge>
      </Group>
      <Stack gap="xs">
        {column.tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('snapshot.column_empty')}
          </Text>
        ) : (
          column.tasks.map((task) => <FrozenCard key={task.id} task={task} format={format} />)
        )}
      </Stack>
    </Paper>
  );
}

function FrozenCard({ task, format }: { task: SnapshotTask; format: SnapshotFormat }) {
  const { t } = useTranslation('milestones');
  return (
    <Paper withBorder shadow="xs" p="xs" component="article" aria-label={task.title}>
      <Stack gap={6}>
        <Text
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
          td={task.completed ? 'line-through' : undefined}
        >
          {task.title}
        </Text>
        <Group gap={4}>
          {task.completed && (
            <Badge size="sm" color="teal.9">
              {t('snapshot.completed')}
            </Badge>
          )}
          {task.archived && (
            <Badge size="sm" color="gray">
              {t('snapshot.archived')}
            </Badge>
          )}
          {task.labels.map((label) => (
            <Badge key={label.id} size="sm" variant="light" color={label.color}>
              {label.name}
            </Badge>
          ))}
        </Group>
        {task.expected_hours !== null && (
          <Text size="xs" c="dimmed">
            {t('snapshot.expected', { hours: format.hours(task.expected_hours) })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {task.assignees.length > 0
            ? t('snapshot.assignees', { names: task.assignees.map((a) => a.name).join(', ') })
            : t('snapshot.unassigned')}
        </Text>
      </Stack>
    </Paper>
  );
}
