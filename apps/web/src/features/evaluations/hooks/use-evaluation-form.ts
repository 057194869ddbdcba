import { addDays, type Evaluation, type EvaluationInputBody, type EvaluationType } from '@teamboard/contract';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCreateEvaluation } from '../api/create-evaluation';
import { useUpdateEvaluation } from '../api/update-evaluation';
import {
  FIELD_OF_CODE,
  hasMessages,
  messagesOf,
  NO_MESSAGES,
  withoutField,
  withoutQuestion,
  type EvaluationField,
  type EvaluationFormMessages,
} from './evaluation-form-messages';
import { useQuestionDrafts, type QuestionDraft } from './use-question-drafts';

export interface EvaluationFormMember {
  id: number;
  name: string;
  /** Counted as the team (the contract's isTeamWorker): pre-selected when the server's default is missing. */
  is_team_worker: boolean;
}

export interface EvaluationFormOptions {
  projectId: string;
  /** The project's current members (the ones who can be chosen). */
  members: EvaluationFormMember[];
  /** A new evaluation's pre-selection (the server's: the team, isTeamWorker); the same rule without it. */
  defaultMemberIds?: number[] | undefined;
  /** The project's today: a new evaluation's publication date. */
  today: string;
  /** Edits this draft; without it, creates one. */
  evaluation?: Evaluation | undefined;
  onDone: (evaluation: Evaluation) => void;
}

/** The draft's members, or a new evaluation's pre-selection. */
function initialMemberIds({ members, defaultMemberIds, evaluation }: EvaluationFormOptions): string[] {
  return evaluation
    ? evaluation.members.map((member) => String(member.user_id))
    : members
        .filter((member) => defaultMemberIds?.includes(member.id) ?? member.is_team_worker)
        .map((member) => String(member.id));
}

/** The fields but the questions: the draft's values, or a new evaluation's (team, a week from today). */
function useFieldValues(options: EvaluationFormOptions) {
  const { evaluation, today } = options;
  const [title, setTitle] = useState(evaluation?.title ?? '');
  const [description, setDescription] = useState(evaluation?.description ?? '');
  const [type, setType] = useState<EvaluationType>(evaluation?.type ?? 'team');
  const [initialDate, setInitialDate] = useState<string | null>(evaluation?.initial_date ?? today);
  const [deadline, setDeadline] = useState<string | null>(evaluation?.deadline ?? addDays(today, 7));
  const [memberIds, setMemberIds] = useState<string[]>(() => initialMemberIds(options));
  return {
    values: { title, description, type, initialDate, deadline, memberIds },
    set: { setTitle, setDescription, setType, setInitialDate, setDeadline, setMemberIds },
  };
}

/** Creates or updates; a refusal the server names a field for goes under that field. */
function useSaveEvaluation(
  { projectId, evaluation, onDone }: EvaluationFormOptions,
  setMessages: Dispatch<SetStateAction<EvaluationFormMessages>>,
) {
  const { t } = useTranslation('evaluations');
  const create = useCreateEvaluation(projectId);
  const update = useUpdateEvaluation();
  const save = (input: EvaluationInputBody) => {
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
  };
  return { save, isPending: create.isPending || update.isPending };
}

/**
 * An evaluation's draft form: its values, the messages under each field (a field's own go when it
 * changes), and saving — checked with the contract's schema before it is sent.
 */
export function useEvaluationForm(options: EvaluationFormOptions) {
  const { t } = useTranslation('evaluations');
  const { values, set } = useFieldValues(options);
  const drafts = useQuestionDrafts(options.evaluation?.questions);
  const [messages, setMessages] = useState<EvaluationFormMessages>(NO_MESSAGES);
  const { save, isPending } = useSaveEvaluation(options, setMessages);
  const clear = (...fields: EvaluationField[]) =>
    setMessages((current) => fields.reduce(withoutField, current));
  const sentence = (code: string | undefined) => (code ? t(`errors:${code}`) : undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const input: EvaluationInputBody = {
      title: values.title,
      description: values.description,
      type: values.type,
      initial_date: values.initialDate ?? '',
      deadline: values.deadline ?? '',
      member_ids: values.memberIds.map(Number),
      questions: drafts.questions.map(({ kind, text }) => ({ kind, text })),
    };
    const found = messagesOf(input);
    setMessages(found);
    if (found === NO_MESSAGES) save(input);
  }

  return {
    values: { ...values, questions: drafts.questions },
    isPending,
    hasMessages: hasMessages(messages),
    /** The message under a field, in the reader's language. */
    errorOf: (field: EvaluationField) => sentence(messages.fields[field]),
    questionErrorOf: (index: number) => sentence(messages.questions[index]),
    handleSubmit,
    ...fieldChanges(set, clear),
    changeQuestion: (index: number, change: Partial<QuestionDraft>) => {
      drafts.change(index, change);
      setMessages((current) => withoutQuestion(current, index));
    },
    moveQuestion: drafts.move,
    removeQuestion: (index: number) => {
      drafts.remove(index);
      setMessages((current) => ({ ...current, questions: {} }));
    },
    addQuestion: () => {
      drafts.add();
      clear('questions');
    },
  };
}

/** Each field's change, clearing the messages it may have answered. */
function fieldChanges(
  set: ReturnType<typeof useFieldValues>['set'],
  clear: (...fields: EvaluationField[]) => void,
) {
  return {
    changeTitle: (value: string) => {
      set.setTitle(value);
      clear('title');
    },
    changeDescription: (value: string) => {
      set.setDescription(value);
      clear('description');
    },
    // The type decides how many members a team evaluation needs.
    changeType: (value: EvaluationType) => {
      set.setType(value);
      clear('type', 'member_ids');
    },
    // The deadline's message may be about the publication date (never after it).
    changeInitialDate: (value: string | null) => {
      set.setInitialDate(value);
      clear('initial_date', 'deadline');
    },
    changeDeadline: (value: string | null) => {
      set.setDeadline(value);
      clear('deadline');
    },
    changeMemberIds: (value: string[]) => {
      set.setMemberIds(value);
      clear('member_ids');
    },
    // Choosing nobody answers no message about the members: it stays.
    clearMemberIds: () => set.setMemberIds([]),
  };
}

export type EvaluationFormState = ReturnType<typeof useEvaluationForm>;
