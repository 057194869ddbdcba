import { Alert, Stack, Text, Title } from '@mantine/core';
import type { BurnReport, MilestoneSnapshot } from '@teamboard/contract';
import { MILESTONE_SNAPSHOT_EVERY_MINUTES } from '@teamboard/contract';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFormat } from '../snapshot-format';
import { FrozenBoard } from './frozen-board';
import { SnapshotCommits } from './snapshot-commits';
import { SnapshotHours } from './snapshot-hours';

interface SnapshotViewProps {
  snapshot: MilestoneSnapshot;
  format: SnapshotFormat;
  renderBurndown: (report: BurnReport) => ReactNode;
}

/** A snapshot's frozen body: when and why it was taken, then its board, hours, burndown and commits. */
export function SnapshotView({ snapshot, format, renderBurndown }: SnapshotViewProps) {
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
        <SnapshotHours snapshot={snapshot} format={format} titles={titles} />
      </Section>
      <Section title={t('snapshot.burndown_heading')}>
        {body.burndown ? renderBurndown(body.burndown) : <Text c="dimmed">{t('snapshot.no_burndown')}</Text>}
      </Section>
      <Section title={t('snapshot.commits_heading')}>
        <SnapshotCommits snapshot={snapshot} titles={titles} format={format} />
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
