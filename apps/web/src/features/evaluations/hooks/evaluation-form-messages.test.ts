import type { EvaluationInputBody } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import {
  hasMessages,
  messagesOf,
  NO_MESSAGES,
  withoutField,
  withoutQuestion,
  type EvaluationFormMessages,
} from './evaluation-form-messages';

const VALID: EvaluationInputBody = {
  title: 'Sprint 1 peer review',
  description: 'Rate how each teammate worked this sprint.',
  type: 'team',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  member_ids: [1, 2],
  questions: [{ kind: 'scale', text: 'Communication' }],
};

describe('messagesOf', () => {
  it('answers NO_MESSAGES itself for a valid draft (the form sends only then)', () => {
    expect(messagesOf(VALID)).toBe(NO_MESSAGES);
  });

  it('puts each code under its field, and a question’s under its index', () => {
    const found = messagesOf({
      ...VALID,
      title: ' ',
      member_ids: [1],
      questions: [
        { kind: 'scale', text: 'Communication' },
        { kind: 'text', text: '' },
      ],
    });
    expect(found.fields).toEqual({
      title: 'EVALUATION_TITLE_REQUIRED',
      member_ids: 'EVALUATION_TEAM_MEMBERS_MIN',
    });
    expect(Object.keys(found.questions)).toEqual(['1']);
    expect(hasMessages(found)).toBe(true);
  });
});

describe('clearing messages', () => {
  const messages: EvaluationFormMessages = {
    fields: { title: 'EVALUATION_TITLE_REQUIRED', questions: 'EVALUATION_QUESTION_REQUIRED' },
    questions: { 0: 'EVALUATION_QUESTION_REQUIRED', 2: 'FIELD_NOT_VALID' },
  };

  it('drops a field’s message, and keeps the same object when it had none (nothing re-renders)', () => {
    expect(withoutField(messages, 'title').fields.title).toBeUndefined();
    expect(withoutField(messages, 'deadline')).toBe(messages);
  });

  it('drops an edited question’s message and the list’s, and keeps the others', () => {
    const after = withoutQuestion(messages, 0);
    expect(after.questions).toEqual({ 2: 'FIELD_NOT_VALID' });
    expect(after.fields.questions).toBeUndefined();
    expect(withoutQuestion(NO_MESSAGES, 1)).toBe(NO_MESSAGES);
  });

  it('counts a message only while one is left', () => {
    expect(hasMessages(NO_MESSAGES)).toBe(false);
    expect(hasMessages({ fields: { title: undefined }, questions: {} })).toBe(false);
  });
});
