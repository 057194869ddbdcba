import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { FairnessMember } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FairnessFormat } from './fairness-format';

const SHARED_SIGNALS = ['hours', 'tasks_closed', 'commits', 'reviews'] as const;
type SharedSignal = (typeof SHARED_SIGNALS)[number];

/** One member's facts: a bar per shared signal, then the counts, last activity and peer score. */
export function MemberCard({ member, format }: { member: FairnessMember; format: FairnessFormat }) {
  const { t } = useTranslation('fairness');
  return (
    <Card withBorder padding="md" component="article" aria-label={member.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {member.name}
          </Text>
          <Badge variant="light" color="gray">
            {t(`role.${member.role}`)}
          </Badge>
        </Group>
        {SHARED_SIGNALS.map((signal) => (
          <SignalBar key={signal} signal={signal} member={member} format={format} />
        ))}
        <Text size="sm" c="dimmed">
          {[
            t('standups', { count: member.standups }),
            t('comments', { count: member.comments }),
            member.last_activity
              ? t('last_activity', { date: format.day(member.last_activity) })
              : t('last_activity_none'),
          ].join(' · ')}
        </Text>
        <Text size="sm">{peerText(member, format, t)}</Text>
      </Stack>
    </Card>
  );
}

function peerText(member: FairnessMember, format: FairnessFormat, t: TFunction<'fairness'>) {
  if (member.peer_score_hidden) return t('peer_score_hidden');
  if (member.peer_score_withheld) return t('peer_score_withheld');
  if (member.peer_score === null) return t('peer_score_none');
  return t('peer_score', { score: format.number(member.peer_score), count: member.peer_ratings });
}

function SignalBar({
  signal,
  member,
  format,
}: {
  signal: SharedSignal;
  member: FairnessMember;
  format: FairnessFormat;
}) {
  const { t } = useTranslation('fairness');
  const value = member[signal];
  const share = member[`${signal}_share`];
  const label = t(`signal.${signal}`);
  if (value === null) {
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed" title={t('not_available_hint')}>
          {t('not_available')}
        </Text>
      </Group>
    );
  }
  const text =
    share === null
      ? t('value_no_share', { value: format.number(value) })
      : t('value_share', { value: format.number(value), share: format.percent(share) });
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" ta="right">
          {text}
        </Text>
      </Group>
      <Progress value={(share ?? 0) * 100} size="sm" aria-label={`${label}: ${text}`} />
    </Stack>
  );
}
