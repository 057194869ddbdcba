import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { PendingEvaluation } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEvaluationFormat } from '../format';
import { evaluationRoutes } from '../paths';

interface PendingEvaluationsProps {
  evaluations: PendingEvaluation[];
  /** Told when a link is followed (the bell's panel closes). */
  onNavigate?: () => void;
}

/** The bell's "Evaluations to answer": project, title, deadline and a link to the answer form. */
export function PendingEvaluations({ evaluations, onNavigate }: PendingEvaluationsProps) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  if (evaluations.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="bell-evaluations">
      <Title order={2} size="h5" id="bell-evaluations">
        {t('bell.title')}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0}>
        {evaluations.map((evaluation) => (
          <Stack key={evaluation.id} component="li" gap={0} style={{ listStyle: 'none' }}>
            <Anchor
              component={Link}
              to={evaluationRoutes(String(evaluation.project_id)).answer(evaluation.id)}
              size="sm"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              onClick={onNavigate}
            >
              {t('bell.item', { title: evaluation.title, project: evaluation.project_name })}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('bell.deadline', { date: format.day(evaluation.deadline) })} ·{' '}
              {t(`response.${evaluation.my_response}`)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
