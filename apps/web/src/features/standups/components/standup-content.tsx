import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Standup } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useStandupFormat } from '../format';

/**
 * The numbers of a stand-up as badges: hours, stress, feeling, and "blocked" when it is. Stress and
 * feeling are personal: the server sends null to a teammate or viewer, and no badge is shown.
 */
export function StandupFacts({ standup }: { standup: Standup }) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color="blue" tt="none">
        {format.hours(standup.hours)}
      </Badge>
      {standup.stress !== null && (
        <Badge variant="light" color="grape" tt="none">
          {t('standup.stress', { value: standup.stress })}
        </Badge>
      )}
      {standup.feeling !== null && (
        <Badge variant="light" color="teal" tt="none">
          {t('standup.feeling', { value: standup.feeling })}
        </Badge>
      )}
      {standup.is_blocked && (
        <Badge variant="filled" color="red" tt="none">
          {t('standup.blocked')}
        </Badge>
      )}
    </Group>
  );
}

/** Whether the server withheld this stand-up's stress and feeling from the reader. */
export const isMoodWithheld = (standup: Standup) => standup.stress === null || standup.feeling === null;

interface StandupTextsProps {
  standup: Standup;
  /** In a list each text keeps a few lines; the stand-up's own page shows them whole. */
  lineClamp?: number;
}

/** What I did, what I will do and the blockers, each under its heading. */
export function StandupTexts({ standup, lineClamp }: StandupTextsProps) {
  const { t } = useTranslation('standups');
  const part = (label: string, text: string, dimmed = false) => (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text
        size="sm"
        lineClamp={lineClamp}
        c={dimmed ? 'dimmed' : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Text>
    </div>
  );
  return (
    <Stack gap={6}>
      {part(t('form.did'), standup.did)}
      {part(t('form.will_do'), standup.will_do)}
      {standup.blockers === ''
        ? part(t('form.blockers'), t('standup.no_blockers'), true)
        : part(t('form.blockers'), standup.blockers)}
    </Stack>
  );
}
