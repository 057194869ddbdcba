import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addDays,
  EVALUATION_DESCRIPTION_MAX_LENGTH,
  EVALUATION_QUESTION_MAX_LENGTH,
  EVALUATION_QUESTIONS_MAX,
  EVALUATION_TITLE_MAX_LENGTH,
  EvaluationInputSchema,
  type Evaluation,
  type EvaluationInputBody,
  type EvaluationQuestionKind,
  type EvaluationType,
} from '@teamboard/contract';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { fullPath, validate } from '../../../lib/validation';
import { useCreateEvaluation } from '../api/create-evaluation';
import { useUpdateEvaluation } from '../api/update-evaluation';

type Field = 'title' | 'description' | 'type' | 'initial_date' | 'deadline' | 'member_ids' | 'questions';
interface Messages {
  fields: Partial<Record<Field, string>>;
  /** A question's own message (empty text, too long), by its index. */
  questions: Record<number, string>;
}
const NO_MESSAGES: Messages = { fields: {}, questions: {} };

/** The server's refusals, under the field they are about. */
const FIELD_OF_CODE: Record<string, Field> = {
  EVALUATION_TITLE_REQUIRED: 'title',
  EVALUATION_DESCRIPTION_REQUIRED: 'description',
  EVALUATION_TYPE_NOT_VALID: 'type',
  EVALUATION_MEMBERS_REQUIRED: 'member_ids',
  EVALUATION_TEAM_MEMBERS_MIN: 'member_ids',
  EVALUATION_MEMBER_NOT_VALID: 'member_ids',
  EVALUATION_QUESTIONS_REQUIRED: 'questions',
  EVALUATION_QUESTION_REQUIRED: 'questions',
  EVALUATION_DEADLINE_BEFORE_PUBLICATION: 'deadline',
};

interface QuestionDraft {
  key: number;
  kind: EvaluationQuestionKind;
  text: string;
}

export interface EvaluationFormMember {
  id: number;
  name: string;
  /** Counted as the team (the contract's isTeamWorker): pre-selected when the server's default is missing. */
  is_team_worker: boolean;
}

interface EvaluationFormProps {
  projectId: string;
  /** The project's current members (the ones who can be chosen). */
  members: EvaluationFormMember[];
  /** A new evaluation's pre-selection (the server's: the team, isTeamWorker); the same rule without it. */
  defaultMemberIds?: number[] | undefined;
  /** The project's today: a new evaluation's publication date. */
  today: string;
  /** Edits this draft; without it, creates one. */
  evaluation?: Evaluation;
  onDone: (evaluation: Evaluation) => void;
  onCancel: () => void;
}

/** The contract's codes as sentences; a question's, a member list's… each under its own field. */
function messagesOf(values: EvaluationInputBody): Messages {
  const { errors } = validate(EvaluationInputSchema, values, fullPath);
  if (!errors) return NO_MESSAGES;
  const found: Messages = { fields: {}, questions: {} };
  // Paths in the order their first issue came, so each field keeps its first code, as in `validate`.
  for (const [path, code] of Object.entries(errors)) {
    const [field, index] = path.split('.');
    if (field === 'questions' && index !== undefined) found.questions[Number(index)] ??= code!;
    else found.fields[field as Field] ??= code;
  }
  return found;
}

/**
 * An evaluation's draft: title, description, type, dates, members and questions. Checked with the
 * contract's schema before it is sent (the server's own messages, localized, under each field).
 */
export function EvaluationForm({
  projectId,
  members,
  defaultMemberIds,
  today,
  evaluation,
  onDone,
  onCancel,
}: EvaluationFormProps) {
  const { t } = useTranslation('evaluations');
  const id = useId();
  const nextKey = useRef(0);
  const draft = (kind: EvaluationQuestionKind, text: string): QuestionDraft => ({
    key: nextKey.current++,
    kind,
    text,
  });
  const [title, setTitle] = useState(evaluation?.title ?? '');
  const [description, setDescription] = useState(evaluation?.description ?? '');
  const [type, setType] = useState<EvaluationType>(evaluation?.type ?? 'team');
  const [initialDate, setInitialDate] = useState<string | null>(evaluation?.initial_date ?? today);
  const [deadline, setDeadline] = useState<string | null>(evaluation?.deadline ?? addDays(today, 7));
  const [memberIds, setMemberIds] = useState<string[]>(
    evaluation
      ? evaluation.members.map((member) => String(member.user_id))
      : members
          .filter((member) => defaultMemberIds?.includes(member.id) ?? member.is_team_worker)
          .map((member) => String(member.id)),
  );
  const [questions, setQuestions] = useState<QuestionDraft[]>(() =>
    evaluation
      ? evaluation.questions.map((question) => draft(question.kind, question.text))
      : [draft('scale', '')],
  );
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const create = useCreateEvaluation(projectId);
  const update = useUpdateEvaluation();
  const isPending = create.isPending || update.isPending;

  // Members of the draft who left the project are still listed, so that the server names the problem.
  const options = [
    ...members.map((member) => ({ value: String(member.id), label: member.name })),
    ...(evaluation?.members ?? [])
      .filter((member) => !members.some((one) => one.id === member.user_id))
      .map((member) => ({ value: String(member.user_id), label: member.name })),
  ];

  const sentence = (code: string | undefined) => (code ? t(`errors:${code}`) : undefined);
  const clear = (field: Field) =>
    setMessages((current) =>
      current.fields[field] === undefined
        ? current
        : { ...current, fields: { ...current.fields, [field]: undefined } },
    );
  const changeQuestion = (index: number, change: Partial<QuestionDraft>) => {
    setQuestions((current) =>
      current.map((question, at) => (at === index ? { ...question, ...change } : question)),
    );
    setMessages((current) => {
      if (current.questions[index] === undefined && current.fields.questions === undefined) return current;
      const { [index]: _removed, ...rest } = current.questions;
      return { fields: { ...current.fields, questions: undefined }, questions: rest };
    });
  };
  const move = (index: number, by: -1 | 1) =>
    setQuestions((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const remove = (index: number) => {
    setQuestions((current) => current.filter((_, at) => at !== index));
    setMessages((current) => ({ ...current, questions: {} }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const input: EvaluationInputBody = {
      title,
      description,
      type,
      initial_date: initialDate ?? '',
      deadline: deadline ?? '',
      member_ids: memberIds.map(Number),
      questions: questions.map(({ kind, text }) => ({ kind, text })),
    };
    const found = messagesOf(input);
    setMessages(found);
    if (found !== NO_MESSAGES) return;
    const handlers = {
      onSuccess: (saved: Evaluation) => {
        notifySuccess(t('form.saved'));
        onDone(saved);
      },
      onError: (error: Error) => {
        const code = isApiError(error) ? error.code : undefined;
        const field = code ? FIELD_OF_CODE[code] : undefined;
        if (field) setMessages({ fields: { [field]: code }, questions: {} });
        else notifyFailure(error);
      },
    };
    if (evaluation) update.mutate({ evaluationId: evaluation.id, input }, handlers);
    else create.mutate(input, handlers);
  }

  const hasMessages =
    Object.values(messages.fields).some((value) => value !== undefined) ||
    Object.keys(messages.questions).length > 0;
  const typeLabelId = `${id}-type`;
  const typeHintId = `${id}-type-hint`;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.title')}
          required
          maxLength={EVALUATION_TITLE_MAX_LENGTH}
          value={title}
          error={sentence(messages.fields.title)}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clear('title');
          }}
        />
        <Textarea
          label={t('form.description')}
          description={t('form.description_hint')}
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={EVALUATION_DESCRIPTION_MAX_LENGTH}
          value={description}
          error={sentence(messages.fields.description)}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            clear('description');
          }}
        />
        <Input.Wrapper
          label={t('form.type')}
          labelElement="div"
          id={typeLabelId}
          required
          error={sentence(messages.fields.type)}
        >
          <SegmentedControl
            display="flex"
            w="fit-content"
            mt={4}
            aria-labelledby={`${typeLabelId}-label`}
            aria-describedby={typeHintId}
            value={type}
            onChange={(value) => {
              setType(value as EvaluationType);
              clear('type');
              clear('member_ids');
            }}
            data={[
              { value: 'team', label: t('type.team') },
              { value: 'project', label: t('type.project') },
            ]}
          />
          <Text size="sm" c="dimmed" mt={6} id={typeHintId}>
            {t(type === 'team' ? 'form.type_team_hint' : 'form.type_project_hint')}
          </Text>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DayInput
            label={t('form.initial_date')}
            description={t('form.initial_date_hint')}
            required
            value={initialDate}
            error={sentence(messages.fields.initial_date)}
            onChange={(value) => {
              setInitialDate(value);
              clear('initial_date');
              clear('deadline');
            }}
          />
          <DayInput
            label={t('form.deadline')}
            description={t('form.deadline_hint')}
            required
            value={deadline}
            error={sentence(messages.fields.deadline)}
            onChange={(value) => {
              setDeadline(value);
              clear('deadline');
            }}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <MultiSelect
            label={t('form.members')}
            description={t('form.members_hint')}
            placeholder={memberIds.length === 0 ? t('form.members_placeholder') : undefined}
            required
            searchable
            data={options}
            value={memberIds}
            error={sentence(messages.fields.member_ids)}
            onChange={(value) => {
              setMemberIds(value);
              clear('member_ids');
            }}
          />
          <Group gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={memberIds.length === members.length && members.length > 0}
              onClick={() => {
                setMemberIds(members.map((member) => String(member.id)));
                clear('member_ids');
              }}
            >
              {t('form.select_all')}
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              disabled={memberIds.length === 0}
              onClick={() => setMemberIds([])}
            >
              {t('form.select_none')}
            </Button>
          </Group>
        </Stack>
        <Stack component="fieldset" gap="sm" m={0} p={0} style={{ border: 'none' }}>
          <Title component="legend" order={2} size="h5" p={0} mb="xs">
            {t('form.questions')}
          </Title>
          {messages.fields.questions && (
            <Text size="sm" c="red" role="alert">
              {sentence(messages.fields.questions)}
            </Text>
          )}
          {questions.map((question, index) => {
            const number = index + 1;
            return (
              <Paper key={question.key} withBorder radius="md" p="sm">
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <SegmentedControl
                      size="xs"
                      aria-label={t('form.question_kind', { number })}
                      value={question.kind}
                      onChange={(value) => changeQuestion(index, { kind: value as EvaluationQuestionKind })}
                      data={[
                        { value: 'scale', label: t('form.kind_scale') },
                        { value: 'text', label: t('form.kind_text') },
                      ]}
                    />
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('form.move_up', { number })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('form.move_down', { number })}
                        disabled={index === questions.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('form.remove_question', { number })}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <Textarea
                    label={t('form.question', { number })}
                    required
                    autosize
                    minRows={1}
                    maxRows={4}
                    maxLength={EVALUATION_QUESTION_MAX_LENGTH}
                    value={question.text}
                    error={sentence(messages.questions[index])}
                    onChange={(event) => changeQuestion(index, { text: event.currentTarget.value })}
                  />
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={questions.length >= EVALUATION_QUESTIONS_MAX}
              onClick={() => {
                setQuestions((current) => [...current, draft('scale', '')]);
                clear('questions');
              }}
            >
              {t('form.add_question')}
            </Button>
          </Group>
        </Stack>
        {hasMessages && (
          <Alert color="red" role="alert">
            {t('form.has_errors')}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
