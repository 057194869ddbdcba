import { EvaluationInputSchema, type EvaluationInputBody } from '@teamboard/contract';
import { fullPath, validate } from '../../../lib/validation';

export type EvaluationField =
  'title' | 'description' | 'type' | 'initial_date' | 'deadline' | 'member_ids' | 'questions';

/** Error codes (the contract's), each under what it is about. */
export interface EvaluationFormMessages {
  fields: Partial<Record<EvaluationField, string>>;
  /** A question's own message (empty text, too long), by its index. */
  questions: Record<number, string>;
}

export const NO_MESSAGES: EvaluationFormMessages = { fields: {}, questions: {} };

/** The server's refusals, under the field they are about. */
export const FIELD_OF_CODE: Record<string, EvaluationField> = {
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

/** The contract's codes; a question's, a member list's… each under its own field (NO_MESSAGES: valid). */
export function messagesOf(values: EvaluationInputBody): EvaluationFormMessages {
  const { errors } = validate(EvaluationInputSchema, values, fullPath);
  if (!errors) return NO_MESSAGES;
  const found: EvaluationFormMessages = { fields: {}, questions: {} };
  // Paths in the order their first issue came, so each field keeps its first code, as in `validate`.
  for (const [path, code] of Object.entries(errors)) {
    const [field, index] = path.split('.');
    if (field === 'questions' && index !== undefined) found.questions[Number(index)] ??= code!;
    else found.fields[field as EvaluationField] ??= code;
  }
  return found;
}

/** The messages without the field's (the same object when it had none, so nothing re-renders). */
export function withoutField(
  messages: EvaluationFormMessages,
  field: EvaluationField,
): EvaluationFormMessages {
  return messages.fields[field] === undefined
    ? messages
    : { ...messages, fields: { ...messages.fields, [field]: undefined } };
}

/** A question was edited: its own message and the list's go. */
export function withoutQuestion(messages: EvaluationFormMessages, index: number): EvaluationFormMessages {
  if (messages.questions[index] === undefined && messages.fields.questions === undefined) return messages;
  const { [index]: _removed, ...rest } = messages.questions;
  return { fields: { ...messages.fields, questions: undefined }, questions: rest };
}

export function hasMessages(messages: EvaluationFormMessages): boolean {
  return (
    Object.values(messages.fields).some((value) => value !== undefined) ||
    Object.keys(messages.questions).length > 0
  );
}
