import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type {
  BurnReport,
  MilestoneSnapshot,
  MilestoneSnapshotSummary,
  SnapshotBoard,
  SnapshotColumn,
  SnapshotTask,
} from '@teamboard/contract';
import { MILESTONE_SNAPSHOT_EVERY_MINUTES } from '@teamboard/contract';
import { IconArrowLeft, IconCamera, IconLock } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useMilestoneSnapshot, useMilestoneSnapshots } from '../api/get-milestone-snapshots';
import { useMilestones } from '../api/get-milestones';
import { useSnapshotFormat, type SnapshotFormat } from '../snapshot-format';

interface MilestoneSnapshotScreenProps {
  projectId: string;
  /** The milestone the address names (null: a snapshot reached by its own id, its milestone maybe deleted). */
  milestoneId: number | null;
  /** The snapshot chosen; null: the milestone's latest. */
  snapshotId: number | null;
  onSnapshotChange: (snapshotId: number) => void;
  /** The milestones screen. */
  backPath: string;
  /** The frozen burndown, drawn by the reports' chart (the app layer composes it). */
  renderBurndown: (report: BurnReport) => ReactNode;
}

/**
 * /project/:id/milestone/:milestone_id/snapshot — a milestone as it was frozen once its deadline day
 * ended: the board, hours, burndown and commits, never changed by later edits.
 */
export function MilestoneSnapshotScreen({
  projectId,
  milestoneId,
  snapshotId,
  onSnapshotChange,
  backPath,
  renderBurndown,
}: MilestoneSnapshotScreenProps) {
  const { t } = useTranslation('milestones');
  const milestones = useMilestones(projectId);
  const list = useMilestoneSnapshots(milestoneId);
  const chosenId = snapshotId ?? list.data?.[0]?.id ?? null;
  const snapshot = useMilestoneSnapshot(chosenId);
  const milestone = milestones.data?.find((m) => m.milestone_id === milestoneId);
  const name = snapshot.data?.body.milestone.name ?? milestone?.milestone_name;
  const title = name ? t('snapshot.title_named', { name }) : t('snapshot.title');
  const format = useSnapshotFormat();

  return (
    <Page title={title}>
      <Anchor component={Link} to={backPath} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('snapshot.back')}
        </Group>
      </Anchor>
      {milestoneId !== null && list.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : milestoneId !== null && list.isError ? (
        <QueryError query={list} />
      ) : chosenId === null && milestoneId === null ? (
        <Alert color="red" role="alert">
          {t('snapshot.not_found')}
        </Alert>
      ) : chosenId === null ? (
        <EmptyState
          icon={<IconCamera aria-hidden size={28} />}
          title={t('snapshot.none')}
          description={
            milestone
              ? t('snapshot.none_hint', {
                  deadline: format.day(milestone.deadline),
                  minutes: MILESTONE_SNAPSHOT_EVERY_MINUTES,
                })
              : undefined
          }
        />
      ) : snapshot.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : snapshot.isError ? (
        <QueryError query={snapshot} />
      ) : (
        <>
          {list.data && list.data.length > 1 && (
            <DeadlinePicker snapshots={list.data} value={snapshot.data.id} onChange={onSnapshotChange} />
          )}
          <SnapshotView snapshot={snapshot.data} format={format} renderBurndown={renderBurndown} />
        </>
      )}
    </Page>
  );
}

function QueryError<T>({ query }: { query: UseQueryResult<T> }) {
  const { t } = useTranslation('milestones');
  const isMissing = isApiError(query.error) && query.error.status === 404;
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        {isMissing ? t('snapshot.not_found') : query.error?.message}
        {!isMissing && (
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('snapshot.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** One snapshot per deadline: after the deadline moved, the earlier ones stay, named by their deadline. */
function DeadlinePicker({
  snapshots,
  value,
  onChange,
}: {
  snapshots: MilestoneSnapshotSummary[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('milestones');
  const format = useSnapshotFormat();
  return (
    <Select
      label={t('snapshot.pick')}
      maw={360}
      allowDeselect={false}
      value={String(value)}
      onChange={(id) => id && onChange(Number(id))}
      data={snapshots.map((s) => ({
        value: String(s.id),
        label: t('snapshot.pick_option', { deadline: format.day(s.deadline) }),
      }))}
    />
  );
}

interface ViewProps {
  snapshot: MilestoneSnapshot;
  format: SnapshotFormat;
  renderBurndown: (report: BurnReport) => ReactNode;
}

function SnapshotView({ snapshot, format, renderBurndown }: ViewProps) {
  const { t } = useTranslation('milestones');
  const { body } = snapshot;
  const titles = new Map(
    body.boards.flatMap((b) => b.columns.flatMap((c) => c.tasks.map((task) => [task.id, task.title]))),
  );
  for (const task of body.hours.tasks) titles.set(task.task_id, task.title);
  return (
    <Stack gap="xl">
      <Alert
        color="blue"
        icon={<IconLock size={18} aria-hidden />}
        title={t('snapshot.frozen_at', { time: format.instant(snapshot.taken_at) })}
      >
        <Stack gap={4}>
          <Text size="sm">
            {t('snapshot.frozen_for', {
              start: format.day(body.milestone.start_date),
              deadline: format.day(snapshot.deadline),
            })}
          </Text>
          <Text size="sm">
            {snapshot.source === 'open'
              ? t('snapshot.source_open', { minutes: MILESTONE_SNAPSHOT_EVERY_MINUTES })
              : t('snapshot.source_schedule')}
          </Text>
        </Stack>
      </Alert>
      <Section title={t('snapshot.board_heading')}>
        <Text size="sm" c="dimmed">
          {t('snapshot.board_intro')}
        </Text>
        {body.boards.length === 0 ? (
          <Text c="dimmed">{t('snapshot.no_boards')}</Text>
        ) : (
          body.boards.map((board) => <FrozenBoard key={board.id} board={board} format={format} />)
        )}
      </Section>
      <Section title={t('snapshot.hours_heading')}>
        <HoursTables snapshot={snapshot} format={format} titles={titles} />
      </Section>
      <Section title={t('snapshot.burndown_heading')}>
        {body.burndown ? renderBurndown(body.burndown) : <Text c="dimmed">{t('snapshot.no_burndown')}</Text>}
      </Section>
      <Section title={t('snapshot.commits_heading')}>
        <CommitList snapshot={snapshot} titles={titles} format={format} />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FrozenBoard({ board, format }: { board: SnapshotBoard; format: SnapshotFormat }) {
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

function HoursTables({
  snapshot,
  format,
  titles,
}: {
  snapshot: MilestoneSnapshot;
  format: SnapshotFormat;
  titles: Map<number, string>;
}) {
  const { t } = useTranslation('milestones');
  const { hours } = snapshot.body;
  const names = new Map(hours.members.map((m) => [m.user_id, m.name]));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('snapshot.hours_intro', { start: format.day(hours.start_date), end: format.day(hours.end_date) })}
      </Text>
      <Table.ScrollContainer minWidth={260}>
        <Table striped verticalSpacing="xs" fz="sm" captionSide="top">
          <Table.Caption>{t('snapshot.hours_members_caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('snapshot.member')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('snapshot.hours_all')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('snapshot.hours_milestone')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hours.members.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Th scope="row" fw="normal">
                  {member.is_member ? member.name : t('snapshot.former_member', { name: member.name })}
                </Table.Th>
                <Table.Td ta="right">{format.hours(member.hours)}</Table.Td>
                <Table.Td ta="right">{format.hours(member.milestone_hours)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('snapshot.total')}</Table.Th>
              <Table.Td ta="right" fw={600}>
                {format.hours(hours.total)}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {format.hours(hours.milestone_total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {hours.tasks.length > 0 && (
        <Table.ScrollContainer minWidth={260}>
          <Table striped verticalSpacing="xs" fz="sm" captionSide="top">
            <Table.Caption>{t('snapshot.hours_tasks_caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('snapshot.task')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('snapshot.hours')}
                </Table.Th>
                <Table.Th scope="col">{t('snapshot.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hours.tasks.map((task) => (
                <Table.Tr key={task.task_id}>
                  <Table.Th scope="row" fw="normal" style={{ overflowWrap: 'anywhere' }}>
                    {titles.get(task.task_id) ?? task.title}
                  </Table.Th>
                  <Table.Td ta="right">{format.hours(task.hours)}</Table.Td>
                  <Table.Td>
                    {task.members
                      .map((m) =>
                        t('snapshot.by_member', {
                          name: names.get(m.user_id) ?? '',
                          hours: format.hours(m.hours),
                        }),
                      )
                      .join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function CommitList({
  snapshot,
  titles,
  format,
}: {
  snapshot: MilestoneSnapshot;
  titles: Map<number, string>;
  format: SnapshotFormat;
}) {
  const { t } = useTranslation('milestones');
  const { commits } = snapshot.body;
  if (commits.length === 0) return <Text c="dimmed">{t('snapshot.no_commits')}</Text>;
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('snapshot.commits_heading')}
    >
      {commits.map((commit, index) => {
        const id = commit.sha ? <Code>{commit.sha.slice(0, 7)}</Code> : <Code>{t('snapshot.link')}</Code>;
        return (
          <Paper component="li" key={index} withBorder p="xs">
            <Stack gap={2}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {commit.url ? (
                  <Anchor
                    href={commit.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    style={{ flexShrink: 0 }}
                  >
                    {id}
                  </Anchor>
                ) : (
                  id
                )}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {commit.message}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  commit.author,
                  commit.committed_at ? format.instant(commit.committed_at) : null,
                  t('snapshot.commit_task', { title: titles.get(commit.task_id) ?? `#${commit.task_id}` }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
