import { Paper, Stack, Table, Text } from '@mantine/core';
import { HOUR_SIGNALS_FAR_PAST_DAYS, type HourSignal } from '@teamboard/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HourSignalsFormat } from './hour-signals-format';

interface SignalCardProps {
  signal: HourSignal;
  memberName: string;
  format: HourSignalsFormat;
}

/** The question a signal asks, in neutral words with its facts. */
function useQuestion({ signal, memberName, format }: SignalCardProps): string {
  const { t } = useTranslation('hour-signals');
  const hours = format.number(signal.total_hours);
  switch (signal.kind) {
    case 'bulk_after_the_fact':
      return t('question.bulk_after_the_fact', {
        count: signal.entries.length,
        days: signal.day_count,
        hours,
        // A batch typed in under a minute still reads "1 minute".
        span: t('span', { count: Math.max(1, signal.minutes) }),
        date: format.momentDay(signal.created_from),
      });
    case 'far_in_the_past':
      return t('question.far_in_the_past', {
        count: signal.entries.length,
        limit: HOUR_SIGNALS_FAR_PAST_DAYS,
        max: signal.max_days_late,
        hours,
      });
    case 'quiet_day':
      return t('question.quiet_day', { hours, date: format.day(signal.date), name: memberName });
  }
}

/**
 * One question and the entries behind it. On a phone the table scrolls sideways inside the card (five
 * columns cannot share 300 px legibly); the page itself never does.
 */
export function SignalCard(props: SignalCardProps) {
  const { t } = useTranslation('hour-signals');
  const { signal, format } = props;
  const question = useQuestion(props);
  const captionId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-signal={signal.kind}>
      <Stack gap="xs">
        <Text fw={500}>{question}</Text>
        <Text size="xs" c="dimmed" id={captionId}>
          {t('entries_caption')}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-labelledby={captionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('column.task')}</Table.Th>
                <Table.Th>{t('column.date')}</Table.Th>
                <Table.Th ta="right">{t('column.hours')}</Table.Th>
                <Table.Th>{t('column.created_at')}</Table.Th>
                <Table.Th ta="right">{t('column.days_late')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signal.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.task_title}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(entry.date)}</Table.Td>
                  <Table.Td ta="right">{format.number(entry.hours)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.moment(entry.created_at)}</Table.Td>
                  <Table.Td ta="right">{entry.days_late}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
