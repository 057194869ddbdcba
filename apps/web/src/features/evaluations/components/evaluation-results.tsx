import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type {
  AttributedRating,
  Evaluation,
  EvaluationEvidenceMember,
  EvaluationQuestion,
  EvaluationQuestionResult,
  EvaluationResults,
  EvaluationSubjectResult,
} from '@teamboard/contract';
import { IconClockPause, IconDownload, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumbersTable } from '../../../components/numbers-table';
import { Page } from '../../../components/page';
import { useEvaluation } from '../api/get-evaluation';
import { useEvidence } from '../api/get-evidence';
import { useResults } from '../api/get-results';
import { downloadCsv } from '../../../lib/csv';
import { useEvaluationFormat, type EvaluationFormat } from '../format';
import { evaluationRoutes } from '../paths';
import { resultsCsv, SCORES } from '../results-csv';
import { StatusBadge, TypeBadge } from './evaluation-badges';
import { EvidenceIntro, EvidenceStrip } from './evaluation-evidence';
import { BackToList, EvaluationMissing } from './evaluation-missing';
import { ScoreChart } from './score-chart';

/** Each rating about one member with who gave it (teaching staff only: the server sends it to them alone). */
function AttributedTable({
  name,
  ratings,
  questionOf,
  format,
}: {
  name: string;
  ratings: AttributedRating[];
  questionOf: Map<number, EvaluationQuestion>;
  format: EvaluationFormat;
}) {
  const { t } = useTranslation('evaluations');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('results.attributed_title')}
      </Text>
      <NumbersTable
        minWidth={480}
        caption={t('results.attributed_caption', { name })}
        captionAlign="left"
        rows={ratings}
        rowKey={(_, index) => index}
        columns={[
          { label: t('results.rater'), value: (rating) => rating.rater_name },
          {
            label: t('results.question'),
            wrap: 'anywhere',
            value: (rating) => questionOf.get(rating.question_id)?.text,
          },
          {
            label: t('results.rating'),
            wrap: 'pre-wrap',
            value: (rating) =>
              rating.score !== null ? format.number(rating.score) : (rating.text ?? t('results.none')),
          },
        ]}
      />
    </Stack>
  );
}

/** A block the viewer may not see yet: its name and the rule, never a count. */
function WithheldBlock({ subject }: { subject: EvaluationSubjectResult }) {
  const { t } = useTranslation('evaluations');
  const name = subject.name ?? t('results.project_block');
  const headingId = `results-${subject.subject_id ?? 'project'}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Alert color="blue" variant="light" role="status" icon={<IconClockPause size={18} aria-hidden />}>
          {t(subject.subject_id === null ? 'results.withheld_project' : 'results.withheld_member')}
        </Alert>
      </Stack>
    </Paper>
  );
}

function SubjectBlock({
  subject,
  questions,
  format,
  facts,
}: {
  subject: EvaluationSubjectResult;
  questions: EvaluationQuestion[];
  format: EvaluationFormat;
  /** What the rated member did over the evaluation's period, beside their scores (team, staff only). */
  facts?: EvaluationEvidenceMember | undefined;
}) {
  const { t } = useTranslation('evaluations');
  if (subject.visibility === 'withheld') return <WithheldBlock subject={subject} />;
  const name = subject.name ?? t('results.project_block');
  const headingId = `results-${subject.subject_id ?? 'project'}`;
  const questionOf = new Map(questions.map((question) => [question.id, question]));
  const scale = subject.questions.filter((result) => questionOf.get(result.question_id)?.kind === 'scale');
  const texts = subject.questions.filter((result) => questionOf.get(result.question_id)?.kind === 'text');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('results.raters', { count: subject.raters ?? 0 })}
            </Text>
            <Text size="lg" fw={700} data-testid="overall-average">
              {t('results.overall', { value: format.maybe(subject.average) })}
            </Text>
          </Group>
        </Group>
        {facts && <EvidenceStrip member={facts} />}
        {subject.raters === 1 && (
          <Text size="sm" c="dimmed">
            {t('results.single_rater')}
          </Text>
        )}
        {scale.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {scale.map((result) => (
              <Paper key={result.question_id} withBorder radius="sm" p="sm" bg="var(--mantine-color-body)">
                <Stack gap={4}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {questionOf.get(result.question_id)?.text}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('results.average')}: {format.maybe(result.average)}
                  </Text>
                  <ScoreChart
                    distribution={result.distribution}
                    seriesLabel={t('results.count')}
                    valueFormatter={format.number}
                  />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {scale.length > 0 && (
          <NumbersTable
            minWidth={560}
            caption={t('results.table_caption', { name })}
            captionAlign="left"
            rows={scale}
            rowKey={(result) => result.question_id}
            columns={[
              {
                label: t('results.question'),
                wrap: 'anywhere',
                value: (result) => questionOf.get(result.question_id)?.text,
              },
              {
                label: t('results.answered'),
                numeric: true,
                value: (result) => format.number(result.answered),
              },
              { label: t('results.average'), numeric: true, value: (result) => format.maybe(result.average) },
              ...SCORES.map((score, index) => ({
                key: score,
                label: format.number(score),
                numeric: true,
                value: (result: EvaluationQuestionResult) => format.number(result.distribution[index] ?? 0),
              })),
            ]}
          />
        )}
        {subject.ratings && subject.ratings.length > 0 && (
          <AttributedTable name={name} ratings={subject.ratings} questionOf={questionOf} format={format} />
        )}
        {texts.map((result) => (
          <Stack key={result.question_id} gap={4}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('results.texts')}: {questionOf.get(result.question_id)?.text}
            </Text>
            {result.texts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('results.no_texts')}
              </Text>
            ) : (
              <List spacing={4} size="sm">
                {result.texts.map((text, index) => (
                  <List.Item key={index} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {text}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function ResultsView({
  projectId,
  evaluation,
  results,
  teachingStaff,
}: {
  projectId: string;
  evaluation: Evaluation;
  results: EvaluationResults;
  teachingStaff: boolean;
}) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  const routes = evaluationRoutes(projectId);
  const shown = !results.withheld && results.submitted_count > 0 ? results.subjects : [];
  // Each rated member's facts beside their scores, for who reads every result (owners and teaching
  // staff, as the server decides). The results never wait for them nor fail with them.
  const readsEverything = evaluation.can_manage || teachingStaff;
  const evidence = useEvidence(evaluation.id, results.type === 'team' && readsEverything && shown.length > 0);
  const factsOf = (subjectId: number | null) =>
    evidence.data?.members.find((member) => member.user_id === subjectId);
  return (
    <Page title={t('results.title', { title: evaluation.title })}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <BackToList to={routes.list} />
        {evaluation.can_manage && (
          <Anchor component={Link} to={routes.manage(evaluation.id)} size="sm">
            {t('list.manage_label', { title: evaluation.title })}
          </Anchor>
        )}
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="wrap">
          <StatusBadge status={results.status} />
          <TypeBadge type={results.type} />
          <Text size="sm">
            {t('results.summary', { submitted: results.submitted_count, total: results.members_count })}
          </Text>
        </Group>
        {readsEverything && shown.length > 0 && (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              downloadCsv(
                `evaluation-${evaluation.id}-results.csv`,
                resultsCsv(results, t, evidence.data?.members),
              )
            }
          >
            {t('results.download')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        <IconShieldLock size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
        {t(teachingStaff ? 'results.anonymous_staff' : 'results.anonymous')}
      </Text>
      {results.withheld ? (
        <Alert color="blue" variant="light" role="status">
          {t(`results.withheld_${results.withheld}`)}
        </Alert>
      ) : results.subjects.length === 0 || results.submitted_count === 0 ? (
        <Alert color="gray" variant="light">
          {t('results.no_answers')}
        </Alert>
      ) : null}
      {results.type === 'team' && readsEverything && shown.length > 0 && (
        <EvidenceIntro
          evidence={evidence.data}
          isPending={evidence.isPending}
          failed={evidence.isError}
          reader="results"
        />
      )}
      {shown.map((subject) => (
        <SubjectBlock
          key={subject.subject_id ?? 'project'}
          subject={subject}
          questions={results.questions}
          format={format}
          facts={factsOf(subject.subject_id)}
        />
      ))}
    </Page>
  );
}

/** /project/:id/evaluations/:evaluation_id/results */
export function EvaluationResultsScreen({
  projectId,
  evaluationId,
  teachingStaff = false,
}: {
  projectId: string;
  evaluationId: number;
  /** A teacher or admin account: reads every result with its raters (the server decides; this words it). */
  teachingStaff?: boolean;
}) {
  const routes = evaluationRoutes(projectId);
  const evaluation = useEvaluation(evaluationId);
  const results = useResults(evaluationId);
  if (!evaluation.data || evaluation.data.project_id !== Number(projectId))
    return (
      <EvaluationMissing
        listPath={routes.list}
        isPending={evaluation.isPending && evaluationId > 0 && !evaluation.error}
        error={evaluation.error}
      />
    );
  if (!results.data)
    return (
      <EvaluationMissing
        listPath={routes.list}
        isPending={results.isPending && !results.error}
        error={results.error}
      />
    );
  return (
    <ResultsView
      projectId={projectId}
      evaluation={evaluation.data}
      results={results.data}
      teachingStaff={teachingStaff}
    />
  );
}
