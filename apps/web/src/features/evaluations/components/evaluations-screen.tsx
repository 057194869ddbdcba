import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { EvaluationSummary } from '@teamboard/contract';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useEvaluations } from '../api/get-evaluations';
import { useEvaluationFormat } from '../format';
import { evaluationRoutes } from '../paths';
import { ResponseBadge, StatusBadge, TypeBadge } from './evaluation-badges';

interface EvaluationsScreenProps {
  projectId: string;
  title: string;
  /** Owners: the "To manage" section and the New evaluation button. */
  canManage: boolean;
}

/** What the invited person can do with one: answer, change their answers, or read the results. */
function answerAction(
  evaluation: EvaluationSummary,
): 'answer' | 'edit_answers' | 'view_answers' | 'view_results' {
  if (evaluation.status === 'expired') return 'view_results';
  if (evaluation.status === 'sent') return 'view_answers';
  return evaluation.my_response === 'none' || evaluation.my_response === null ? 'answer' : 'edit_answers';
}

function EvaluationCard({
  evaluation,
  headingId,
  children,
  facts,
}: {
  evaluation: EvaluationSummary;
  headingId: string;
  children: ReactNode;
  facts: ReactNode;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      style={{ listStyle: 'none' }}
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {evaluation.title}
          </Title>
          <Group gap={6} wrap="wrap">
            <StatusBadge status={evaluation.status} />
            <TypeBadge type={evaluation.type} />
          </Group>
          {facts}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

/** /project/:id/evaluations: the ones to answer and, for owners, every one to manage. */
export function EvaluationsScreen({ projectId, title, canManage }: EvaluationsScreenProps) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  const { data, isPending, isError, error, refetch } = useEvaluations(projectId);
  const routes = evaluationRoutes(projectId);
  const toAnswer = (data?.evaluations ?? []).filter((one) => one.is_invited && one.status !== 'draft');
  const toManage = (data?.evaluations ?? []).filter((one) => one.can_manage);

  const dates = (evaluation: EvaluationSummary) => (
    <Text size="sm" c="dimmed">
      {evaluation.status === 'sent'
        ? t('list.opens', { date: format.day(evaluation.initial_date) })
        : t('list.deadline', { date: format.day(evaluation.deadline) })}
    </Text>
  );

  let content: ReactNode;
  if (isPending) content = <Loader size="sm" role="status" aria-label={t('loading')} />;
  else if (isError)
    content = (
      <Alert color="red" role="alert" title={t('load_failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    content = (
      <>
        <Stack component="section" gap="sm" aria-labelledby="evaluations-to-answer">
          <Title order={2} size="h4" id="evaluations-to-answer">
            {t('list.to_answer')}
          </Title>
          {toAnswer.length === 0 ? (
            <EmptyState title={t('list.to_answer_empty')} description={t('list.to_answer_empty_hint')} />
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0}>
              {toAnswer.map((evaluation) => {
                const action = answerAction(evaluation);
                return (
                  <EvaluationCard
                    key={evaluation.id}
                    evaluation={evaluation}
                    headingId={`answer-${evaluation.id}`}
                    facts={
                      <>
                        {dates(evaluation)}
                        {evaluation.my_response && (
                          <Group>
                            <ResponseBadge response={evaluation.my_response} />
                          </Group>
                        )}
                      </>
                    }
                  >
                    <Button
                      component={Link}
                      to={
                        action === 'view_results'
                          ? routes.results(evaluation.id)
                          : routes.answer(evaluation.id)
                      }
                      size="xs"
                      variant={action === 'answer' ? 'filled' : 'light'}
                      aria-label={t('list.answer_label', {
                        action: t(`list.${action}`),
                        title: evaluation.title,
                      })}
                    >
                      {t(`list.${action}`)}
                    </Button>
                  </EvaluationCard>
                );
              })}
            </Stack>
          )}
        </Stack>
        {canManage && (
          <Stack component="section" gap="sm" aria-labelledby="evaluations-to-manage">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="evaluations-to-manage">
                {t('list.to_manage')}
              </Title>
              <Button
                component={Link}
                to={routes.create}
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('list.new')}
              </Button>
            </Group>
            {toManage.length === 0 ? (
              <EmptyState
                icon={<IconClipboardCheck aria-hidden size={28} />}
                title={t('list.to_manage_empty')}
                description={t('list.to_manage_empty_hint')}
              />
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0}>
                {toManage.map((evaluation) => (
                  <EvaluationCard
                    key={evaluation.id}
                    evaluation={evaluation}
                    headingId={`manage-${evaluation.id}`}
                    facts={
                      <>
                        <Text size="sm" c="dimmed">
                          {t('list.dates', {
                            start: format.day(evaluation.initial_date),
                            end: format.day(evaluation.deadline),
                          })}
                        </Text>
                        {evaluation.status !== 'draft' && (
                          <Text size="sm">
                            {t('list.submitted_count', {
                              submitted: evaluation.submitted_count,
                              total: evaluation.members_count,
                            })}
                          </Text>
                        )}
                      </>
                    }
                  >
                    {evaluation.status !== 'draft' && (
                      <Button
                        component={Link}
                        to={routes.results(evaluation.id)}
                        size="xs"
                        variant="subtle"
                        aria-label={t('list.answer_label', {
                          action: t('list.view_results'),
                          title: evaluation.title,
                        })}
                      >
                        {t('list.view_results')}
                      </Button>
                    )}
                    <Button
                      component={Link}
                      to={routes.manage(evaluation.id)}
                      size="xs"
                      variant="light"
                      aria-label={t('list.manage_label', { title: evaluation.title })}
                    >
                      {t('list.manage')}
                    </Button>
                  </EvaluationCard>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </>
    );

  return <Page title={title}>{content}</Page>;
}
