import { Stack, Text } from '@mantine/core';
import type { MilestoneSnapshot } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { NumbersTable } from '../../../components/numbers-table';
import type { SnapshotFormat } from '../snapshot-format';

type SnapshotHoursBody = MilestoneSnapshot['body']['hours'];

/** The hours frozen with the snapshot: per member (all and the milestone's), then per task. */
export function SnapshotHours({
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
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('snapshot.hours_intro', { start: format.day(hours.start_date), end: format.day(hours.end_date) })}
      </Text>
      <MemberHoursTable hours={hours} format={format} />
      {hours.tasks.length > 0 && <TaskHoursTable hours={hours} format={format} titles={titles} />}
    </Stack>
  );
}

function MemberHoursTable({ hours, format }: { hours: SnapshotHoursBody; format: SnapshotFormat }) {
  const { t } = useTranslation('milestones');
  return (
    <NumbersTable
      minWidth={260}
      caption={t('snapshot.hours_members_caption')}
      rows={hours.members}
      rowKey={(member) => member.user_id}
      totalLabel={t('snapshot.total')}
      columns={[
        {
          label: t('snapshot.member'),
          value: (member) =>
            member.is_member ? member.name : t('snapshot.former_member', { name: member.name }),
        },
        {
          label: t('snapshot.hours_all'),
          numeric: true,
          value: (member) => format.hours(member.hours),
          total: format.hours(hours.total),
        },
        {
          label: t('snapshot.hours_milestone'),
          numeric: true,
          value: (member) => format.hours(member.milestone_hours),
          total: format.hours(hours.milestone_total),
        },
      ]}
    />
  );
}

function TaskHoursTable({
  hours,
  format,
  titles,
}: {
  hours: SnapshotHoursBody;
  format: SnapshotFormat;
  titles: Map<number, string>;
}) {
  const { t } = useTranslation('milestones');
  const names = new Map(hours.members.map((m) => [m.user_id, m.name]));
  const byMembers = (task: SnapshotHoursBody['tasks'][number]) =>
    task.members
      .map((m) => t('snapshot.by_member', { name: names.get(m.user_id) ?? '', hours: format.hours(m.hours) }))
      .join(', ');
  return (
    <NumbersTable
      minWidth={260}
      caption={t('snapshot.hours_tasks_caption')}
      rows={hours.tasks}
      rowKey={(task) => task.task_id}
      columns={[
        {
          label: t('snapshot.task'),
          wrap: 'anywhere',
          value: (task) => titles.get(task.task_id) ?? task.title,
        },
        { label: t('snapshot.hours'), numeric: true, value: (task) => format.hours(task.hours) },
        { label: t('snapshot.by'), value: byMembers },
      ]}
    />
  );
}
