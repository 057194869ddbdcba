import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  HOUR_SIGNALS_BULK_GAP_MINUTES,
  HOUR_SIGNALS_BULK_MIN_DAYS,
  HOUR_SIGNALS_BULK_MIN_ENTRIES,
  HOUR_SIGNALS_BULK_MIN_HOURS,
  HOUR_SIGNALS_FAR_PAST_DAYS,
  HOUR_SIGNALS_QUIET_MIN_HOURS,
  type HourSignals,
  type HourSignalsMember,
} from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { PeriodPage, type PeriodScreenProps } from '../../../components/period-page';
import { useHourSignals } from '../api/get-hour-signals';
import { useHourSignalsFormat, type HourSignalsFormat } from './hour-signals-format';
import { SignalCard } from './signal-card';

/** /project/:id/hour-questions — the hour-log questions, for owners and the teaching staff. */
export function HourSignalsScreen({ projectId, ...page }: PeriodScreenProps) {
  const { t } = useTranslation('hour-signals');
  const labels = { from: t('range.from'), to: t('range.to'), loading: t('loading'), retry: t('retry') };
  return (
    <PeriodPage {...page} labels={labels} query={useHourSignals(projectId, page.range)}>
      {(data) => <HourSignalsResult signals={data} />}
    </PeriodPage>
  );
}

function HourSignalsResult({ signals }: { signals: HourSignals }) {
  const { t } = useTranslation('hour-signals');
  const format = useHourSignalsFormat(signals.time_zone);
  return (
    <Stack gap="lg">
      <Text>{t('intro', { from: format.day(signals.from), to: format.day(signals.to) })}</Text>
      {signals.members.map((member) => (
        <MemberQuestions key={member.user_id} member={member} format={format} />
      ))}
      <Rules />
    </Stack>
  );
}

function MemberQuestions({ member, format }: { member: HourSignalsMember; format: HourSignalsFormat }) {
  const { t } = useTranslation('hour-signals');
  return (
    <Stack gap="xs" component="section" aria-label={member.name}>
      <Group gap="xs" align="baseline">
        <Title order={2} size="h4">
          {member.name}
        </Title>
        {!member.is_member && <Badge variant="light">{t('former_member')}</Badge>}
        <Text size="sm" c="dimmed">
          {t('entries_logged', { count: member.entry_count })}
        </Text>
      </Group>
      {member.signals.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('nothing_to_ask')}
        </Text>
      ) : (
        member.signals.map((signal, index) => (
          <SignalCard
            key={`${signal.kind}-${index}`}
            signal={signal}
            memberName={member.name}
            format={format}
          />
        ))
      )}
    </Stack>
  );
}

/** The three rules with the thresholds the server used (docs/api-hour-signals.md). */
function Rules() {
  const { t } = useTranslation('hour-signals');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('rules_heading')}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            {t('rules.bulk_after_the_fact', {
              entries: HOUR_SIGNALS_BULK_MIN_ENTRIES,
              hours: HOUR_SIGNALS_BULK_MIN_HOURS,
              gap: HOUR_SIGNALS_BULK_GAP_MINUTES,
              days: HOUR_SIGNALS_BULK_MIN_DAYS,
            })}
          </List.Item>
          <List.Item>{t('rules.far_in_the_past', { days: HOUR_SIGNALS_FAR_PAST_DAYS })}</List.Item>
          <List.Item>{t('rules.quiet_day', { hours: HOUR_SIGNALS_QUIET_MIN_HOURS })}</List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
