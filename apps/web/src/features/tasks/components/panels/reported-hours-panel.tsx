import { Button, Group, Stack, Text } from '@mantine/core';
import { can, type Hour } from '@teamboard/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../../components/decimal-input';
import { EditDeleteActions } from '../../../../components/edit-delete-actions';
import { useDeleteHour } from '../../api/delete-hour';
import { useHours } from '../../api/get-hours';
import { useUpdateHour } from '../../api/update-hour';
import { today, type PanelProps } from './panel-props';
import { useFormat } from '../../../../lib/use-format';
import { sumHours } from '@teamboard/i18n';
import { DayInput } from '../../../../components/day-input';

function HourRow({ hour, taskId, canChange }: { hour: Hour; taskId: number; canChange: boolean }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateHour(taskId);
  const remove = useDeleteHour(taskId);
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(hour.hours));
  return (
    <Group component="li" gap="xs">
      <Text size="sm" w={100}>
        {format.date(hour.date)}
      </Text>
      {editing ? (
        <>
          <DecimalInput size="xs" w={90} aria-label={t('hours.hours')} value={value} onChange={setValue} />
          <Button
            size="xs"
            onClick={() => {
              const hours = Number(value);
              if (hours > 0 && hours <= 24)
                update.mutate({ id: hour.id, input: { hours } }, { onSuccess: () => setEditing(false) });
            }}
          >
            {t('save')}
          </Button>
        </>
      ) : (
        <Text size="sm">{t('hours.amount', { hours: format.number(hour.hours) })}</Text>
      )}
      {canChange && !editing && (
        <EditDeleteActions
          editLabel={t('hours.edit', { date: format.date(hour.date) })}
          deleteLabel={t('hours.delete', { date: format.date(hour.date) })}
          onEdit={() => setEditing(true)}
          onDelete={() => remove.mutate(hour.id)}
        />
      )}
    </Group>
  );
}

export function ReportedHoursPanel({ taskId, role, currentUserId }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: hours = [] } = useHours(taskId);
  const format = useFormat();
  // docs/spec.md §4: hour views default to the last 7 days.
  const [from, setFrom] = useState(() => dayjs().subtract(7, 'day').format('YYYY-MM-DD'));
  const [to, setTo] = useState(today);
  const inRange = hours.filter((hour) => hour.date >= from && hour.date <= to);
  const byUser = new Map<string, Hour[]>();
  for (const hour of inRange) byUser.set(hour.user_name, [...(byUser.get(hour.user_name) ?? []), hour]);
  const moderate = can(role, 'work.moderate');
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <DayInput
          size="xs"
          w={140}
          label={t('hours.from')}
          value={from}
          onChange={(value) => value && setFrom(value)}
        />
        <DayInput
          size="xs"
          w={140}
          label={t('hours.to')}
          value={to}
          onChange={(value) => value && setTo(value)}
        />
      </Group>
      {byUser.size === 0 && (
        <Text size="sm" c="dimmed">
          {t('hours.empty')}
        </Text>
      )}
      {[...byUser.entries()].map(([name, entries]) => (
        <Stack key={name} gap={4}>
          <Text fw={600} size="sm">
            {t('hours.user_total', {
              name,
              hours: format.number(sumHours(entries.map((hour) => hour.hours))),
            })}
          </Text>
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((hour) => (
              <HourRow
                key={hour.id}
                hour={hour}
                taskId={taskId}
                canChange={moderate || (hour.user_id === currentUserId && can(role, 'work.report_own'))}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
