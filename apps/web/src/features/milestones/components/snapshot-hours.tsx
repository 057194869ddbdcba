import { Stack, Table, Text } from '@mantine/core';
import type { MilestoneSnapshot } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
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
  return (
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
  );
}
