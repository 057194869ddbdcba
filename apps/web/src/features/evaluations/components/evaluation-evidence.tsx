import { Box, Button, Collapse, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EvaluationEvidence, EvaluationEvidenceMember } from '@teamboard/contract';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvaluationFormat, type EvaluationFormat } from '../format';

/** The four facts of one person, in the reader's number format (docs/api-evaluations.md, "Evidence"). */
export function evidenceFacts(
  member: EvaluationEvidenceMember,
  format: EvaluationFormat,
  notAvailable: string,
): { key: 'hours' | 'tasks_closed' | 'commits' | 'standups'; value: string; available: boolean }[] {
  return [
    { key: 'hours', value: format.number(member.hours), available: true },
    { key: 'tasks_closed', value: format.number(member.tasks_closed), available: true },
    member.commits === null
      ? { key: 'commits', value: notAvailable, available: false }
      : { key: 'commits', value: format.number(member.commits), available: true },
    { key: 'standups', value: format.number(member.standups), available: true },
  ];
}

/** The intro's own words: to a rater (answer form) or to who reads every result (results screen). */
const INTRO_TEXT = {
  rater: {
    heading: 'evidence.heading',
    period: 'evidence.period',
    periodOneDay: 'evidence.period_one_day',
    loading: 'evidence.loading',
    failed: 'evidence.failed',
  },
  results: {
    heading: 'evidence.results.heading',
    period: 'evidence.results.period',
    periodOneDay: 'evidence.results.period_one_day',
    loading: 'evidence.results.loading',
    failed: 'evidence.results.failed',
  },
} as const;

/**
 * Above the people to rate (or their results): the period the facts cover, that they are facts and
 * not a grade, and how each is counted (folded). Loading or failing, it says so quietly: the form
 * and the results work without it.
 */
export function EvidenceIntro({
  evidence,
  isPending,
  failed,
  reader = 'rater',
}: {
  evidence: EvaluationEvidence | undefined;
  isPending: boolean;
  failed: boolean;
  reader?: keyof typeof INTRO_TEXT;
}) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  const [showHow, setShowHow] = useState(false);
  const text = INTRO_TEXT[reader];
  if (failed)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t(text.failed)}
      </Text>
    );
  if (!evidence)
    return isPending ? (
      <Text size="sm" c="dimmed" role="status">
        {t(text.loading)}
      </Text>
    ) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="evidence-heading">
      <Stack gap={4}>
        <Text fw={600} id="evidence-heading">
          {t(text.heading)}
        </Text>
        <Text size="sm">
          {evidence.from === evidence.to
            ? t(text.periodOneDay, { day: format.day(evidence.to) })
            : t(text.period, { from: format.day(evidence.from), to: format.day(evidence.to) })}
        </Text>
        <Text size="sm" c="dimmed">
          {[
            t(
              evidence.starts_at === 'previous_evaluation'
                ? 'evidence.since_previous'
                : 'evidence.since_project',
            ),
            evidence.is_final ? null : t('evidence.so_far'),
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          px={4}
          aria-expanded={showHow}
          aria-controls="evidence-how"
          rightSection={
            showHow ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
          onClick={() => setShowHow((shown) => !shown)}
        >
          {t('evidence.how_toggle')}
        </Button>
        <Collapse expanded={showHow} id="evidence-how">
          <List size="sm" spacing={2} c="dimmed">
            {(['hours', 'tasks_closed', 'commits', 'standups'] as const).map((key) => (
              <List.Item key={key}>{t(`evidence.how.${key}`)}</List.Item>
            ))}
          </List>
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** One person's facts beside their rating questions: four figures, never a grade. */
export function EvidenceStrip({ member }: { member: EvaluationEvidenceMember }) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  return (
    <Box
      bg="var(--mantine-color-default-hover)"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      role="group"
      aria-label={t('evidence.facts_about', { name: member.name })}
    >
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
        {evidenceFacts(member, format, t('evidence.not_available')).map(({ key, value, available }) => (
          <Box key={key} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`evidence.${key}`)}
            </Text>
            <Text
              component="dd"
              m={0}
              fw={600}
              // "No repository" is a fact's absence, not a figure: quieter and smaller.
              c={available ? undefined : 'dimmed'}
              size={available ? undefined : 'sm'}
            >
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
