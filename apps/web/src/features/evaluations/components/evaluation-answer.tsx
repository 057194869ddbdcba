import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  EVALUATION_ANSWER_TEXT_MAX_LENGTH,
  EVALUATION_SCALE_MAX,
  EVALUATION_SCALE_MIN,
  type Evaluation,
  type EvaluationAnswerInput,
  type MyEvaluationAnswers,
} from '@teamboard/contract';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useEvidence } from '../api/get-evidence';
import { useMyAnswers } from '../api/get-my-answers';
import { useSaveAnswers } from '../api/save-answers';
import { useEvaluationFormat } from '../format';
import { evaluationRoutes } from '../paths';
import { ResponseBadge, StatusBadge, TypeBadge } from './evaluation-badges';
import { EvidenceIntro, EvidenceStrip } from './evaluation-evidence';
import { BackToList, EvaluationMissing } from './evaluation-missing';

const SCALE = Array.from({ length: EVALUATION_SCALE_MAX - EVALUATION_SCALE_MIN + 1 }, (_, index) =>
  String(EVALUATION_SCALE_MIN + index),
);

/** Refusals of the whole set of answers: said above the buttons, not as a passing toast. */
const WHOLE_REFUSALS = ['EVALUATION_ANSWERS_INCOMPLETE', 'EVALUATION_EXPIRED', 'EVALUATION_NOT_OPEN'];

/** One answer's place: a question about a subject (a member, or null for the project). */
const keyOf = (questionId: number, subjectId: number | null) => `${questionId}:${subjectId ?? 'project'}`;

interface Draft {
  score: string;
  text: string;
}

function AnswerForm({ evaluation, mine }: { evaluation: Evaluation; mine: MyEvaluationAnswers }) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      mine.answers.map((answer) => [
        keyOf(answer.question_id, answer.subject_id),
        { score: answer.score === null ? '' : String(answer.score), text: answer.text ?? '' },
      ]),
    ),
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const save = useSaveAnswers(evaluation.id);
  const isReadOnly = !mine.is_open;
  const subjects: { id: number | null; name: string | null }[] =
    evaluation.type === 'team'
      ? mine.subjects.map((subject) => ({ id: subject.user_id, name: subject.name }))
      : [{ id: null, name: null }];
  // The facts beside the ratings (team only): the form never waits for them nor fails with them.
  const evidence = useEvidence(evaluation.id, evaluation.type === 'team' && mine.subjects.length > 0);
  const factsOf = (subjectId: number | null) =>
    evidence.data?.members.find((member) => member.user_id === subjectId);

  const change = (key: string, value: Partial<Draft>) => {
    setDrafts((current) => ({ ...current, [key]: { score: '', text: '', ...current[key], ...value } }));
    setMissing((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  };

  function handleSave(submit: boolean) {
    if (save.isPending || isReadOnly) return;
    const answers: EvaluationAnswerInput[] = [];
    const unanswered = new Set<string>();
    for (const subject of subjects) {
      for (const question of evaluation.questions) {
        const key = keyOf(question.id, subject.id);
        const draft = drafts[key];
        if (question.kind === 'scale') {
          if (draft?.score)
            answers.push({
              question_id: question.id,
              subject_id: subject.id,
              score: Number(draft.score),
              text: null,
            });
          else unanswered.add(key);
        } else if (draft && draft.text.trim() !== '') {
          answers.push({
            question_id: question.id,
            subject_id: subject.id,
            score: null,
            text: draft.text.trim(),
          });
        }
      }
    }
    setRefusal(null);
    if (submit && unanswered.size > 0) {
      setMissing(unanswered);
      setRefusal(t('answer.incomplete'));
      return;
    }
    setMissing(new Set());
    save.mutate(
      { answers, submit },
      {
        onSuccess: () => notifySuccess(t(submit ? 'answer.submitted' : 'answer.saved')),
        onError: (error) => {
          if (isApiError(error) && error.code && WHOLE_REFUSALS.includes(error.code))
            setRefusal(error.message);
          else notifyFailure(error);
        },
      },
    );
  }

  const status = {
    none: t('answer.status_none', { date: format.day(evaluation.deadline) }),
    draft: t('answer.status_draft', { date: format.day(evaluation.deadline) }),
    submitted: t('answer.status_submitted', { date: format.day(evaluation.deadline) }),
  }[mine.status];

  return (
    <Stack gap="md">
      {evaluation.status === 'sent' && (
        <Alert color="blue" variant="light">
          {t('answer.not_open', { date: format.day(evaluation.initial_date) })}
        </Alert>
      )}
      {evaluation.status === 'expired' && (
        <Alert color="gray" variant="light">
          {t('answer.expired')}
        </Alert>
      )}
      {mine.is_open && (
        <Alert color={mine.status === 'submitted' ? 'teal' : 'blue'} variant="light">
          {status}
        </Alert>
      )}
      {subjects.length === 0 && <Text c="dimmed">{t('answer.no_subjects')}</Text>}
      {evaluation.type === 'team' && subjects.length > 0 && (
        <EvidenceIntro evidence={evidence.data} isPending={evidence.isPending} failed={evidence.isError} />
      )}
      {subjects.map((subject) => {
        const headingId = `subject-${subject.id ?? 'project'}`;
        const facts = factsOf(subject.id);
        return (
          <Paper
            key={headingId}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={headingId}
          >
            <Stack gap="md">
              <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {subject.name === null
                  ? t('answer.about_project')
                  : t('answer.about', { name: subject.name })}
              </Title>
              {facts && <EvidenceStrip member={facts} />}
              {evaluation.questions.map((question) => {
                const key = keyOf(question.id, subject.id);
                const draft = drafts[key];
                return question.kind === 'scale' ? (
                  <Radio.Group
                    key={key}
                    label={question.text}
                    description={t('answer.scale_hint')}
                    required
                    readOnly={isReadOnly}
                    value={draft?.score ?? ''}
                    error={missing.has(key) ? t('errors:EVALUATION_SCORE_NOT_VALID') : undefined}
                    onChange={(value) => change(key, { score: value })}
                  >
                    <Group gap="md" mt={6}>
                      {SCALE.map((option) => (
                        <Radio key={option} value={option} label={option} disabled={isReadOnly} />
                      ))}
                    </Group>
                  </Radio.Group>
                ) : (
                  <Textarea
                    key={key}
                    label={question.text}
                    placeholder={t('answer.your_answer')}
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={EVALUATION_ANSWER_TEXT_MAX_LENGTH}
                    readOnly={isReadOnly}
                    value={draft?.text ?? ''}
                    onChange={(event) => change(key, { text: event.currentTarget.value })}
                  />
                );
              })}
            </Stack>
          </Paper>
        );
      })}
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {!isReadOnly && subjects.length > 0 && (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            loading={save.isPending && save.variables?.submit === false}
            onClick={() => handleSave(false)}
          >
            {t('answer.save')}
          </Button>
          <Button
            loading={save.isPending && save.variables?.submit === true}
            onClick={() => handleSave(true)}
          >
            {t('answer.submit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The answer form of an invited person: one block per rated member (team) or one (project). */
export function EvaluationAnswer({ projectId, evaluation }: { projectId: string; evaluation: Evaluation }) {
  const { t } = useTranslation('evaluations');
  const routes = evaluationRoutes(projectId);
  const mine = useMyAnswers(evaluation.id);
  if (!mine.data)
    return <EvaluationMissing listPath={routes.list} isPending={mine.isPending} error={mine.error} />;
  return (
    <Page title={t('answer.title', { title: evaluation.title })}>
      <BackToList to={routes.list} />
      <Group gap={6} wrap="wrap">
        <StatusBadge status={evaluation.status} />
        <TypeBadge type={evaluation.type} />
        <ResponseBadge response={mine.data.status} />
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{evaluation.description}</Text>
      {evaluation.can_manage && (
        <Button
          component={Link}
          to={routes.manage(evaluation.id)}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconSettings size={14} aria-hidden />}
        >
          {t('answer.manage')}
        </Button>
      )}
      {evaluation.status === 'expired' && (
        <Button component={Link} to={routes.results(evaluation.id)} variant="light" w="fit-content">
          {t('list.view_results')}
        </Button>
      )}
      <AnswerForm
        key={`${mine.data.status}-${mine.data.submitted_at ?? ''}`}
        evaluation={evaluation}
        mine={mine.data}
      />
    </Page>
  );
}
