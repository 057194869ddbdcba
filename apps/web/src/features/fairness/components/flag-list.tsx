import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { Fairness, FairnessFlag } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FairnessFormat } from './fairness-format';

type Translate = TFunction<'fairness'>;

/** The flags as neutral questions, each with the numbers and dates behind it. */
export function FlagList({ fairness, format }: { fairness: Fairness; format: FairnessFormat }) {
  const { t } = useTranslation('fairness');
  const nameOf = (userId: number) => fairness.members.find((m) => m.user_id === userId)?.name ?? '';
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('flags_heading')}
      </Title>
      {fairness.flags.length === 0 && <Text c="dimmed">{t('flags_none')}</Text>}
      {fairness.flags.map((flag) => (
        <Card key={`${flag.kind}-${flag.user_id}`} withBorder padding="sm" data-flag={flag.kind}>
          <Text>{question(flag, nameOf(flag.user_id), fairness.to, format, t)}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('evidence.heading')}
          </Text>
          <List size="sm">
            {evidence(flag, fairness.to, format, t).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}

function question(
  flag: FairnessFlag,
  name: string,
  to: string,
  format: FairnessFormat,
  t: Translate,
): string {
  if (flag.kind === 'no_output') {
    const range = { from: format.day(flag.window_from), to: format.day(flag.window_to) };
    return t('flag.no_output', { name, hours: format.number(flag.hours), ...range });
  }
  if (flag.kind === 'carries_half') {
    const values = { tasks: format.number(flag.tasks_closed), total: format.number(flag.team_tasks_closed) };
    return t('flag.carries_half', { name, ...values, share: format.percent(flag.share) });
  }
  if (flag.last_activity === null || flag.days_silent === null) {
    return t('flag.silent_never', { name, date: format.day(to) });
  }
  return t('flag.silent', { name, days: flag.days_silent, date: format.day(flag.last_activity) });
}

function evidence(flag: FairnessFlag, to: string, format: FairnessFormat, t: Translate): string[] {
  if (flag.kind === 'no_output') {
    return [
      t('evidence.hour_days', { days: flag.hour_days.map(format.day).join(', ') }),
      t('evidence.window', {
        from: format.day(flag.window_from),
        to: format.day(flag.window_to),
        tasks: flag.tasks_closed,
        commits: flag.commits,
      }),
    ];
  }
  if (flag.kind === 'carries_half') {
    return [
      t('evidence.carries', {
        tasks: format.number(flag.tasks_closed),
        total: format.number(flag.team_tasks_closed),
      }),
    ];
  }
  if (flag.last_activity === null || flag.days_silent === null) {
    return [t('evidence.silent_never', { to: format.day(to) })];
  }
  return [
    t('evidence.silent', {
      date: format.day(flag.last_activity),
      days: flag.days_silent,
      to: format.day(to),
    }),
  ];
}
