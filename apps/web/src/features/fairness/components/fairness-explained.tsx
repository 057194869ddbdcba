import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { Fairness } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { FairnessFormat } from './fairness-format';

const DEFINITIONS = [
  'period',
  'hours',
  'tasks_closed',
  'commits',
  'reviews',
  'activity',
  'peer',
  'share',
  'flags',
];

/** The Gini indexes with what they mean for this team's size. */
export function ImbalanceCard({ fairness, format }: { fairness: Fairness; format: FairnessFormat }) {
  const { t } = useTranslation('fairness');
  const count = fairness.members.length;
  const shown = (value: number | null) => (value === null ? t('imbalance_none') : format.number(value));
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('imbalance_heading')}
        </Title>
        <Text fw={600}>{t('imbalance_closed', { value: shown(fairness.imbalance.closed_work) })}</Text>
        <Text fw={600}>{t('imbalance_hours', { value: shown(fairness.imbalance.hours) })}</Text>
        <Text size="sm" c="dimmed">
          {t('imbalance_explained', {
            count,
            max: format.number(count > 0 ? Math.round(((count - 1) / count) * 100) / 100 : 0),
          })}
        </Text>
      </Stack>
    </Card>
  );
}

/** "How each signal is computed": the same definitions as docs/api-fairness.md. */
export function HowComputed() {
  const { t } = useTranslation('fairness');
  return (
    <Stack gap="xs" component="section" aria-labelledby="fairness-how">
      <Title order={2} size="h4" id="fairness-how">
        {t('how_heading')}
      </Title>
      <List size="sm" spacing={4}>
        {DEFINITIONS.map((key) => (
          <List.Item key={key}>{t(`how.${key}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
