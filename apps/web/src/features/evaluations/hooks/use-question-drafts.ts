import type { EvaluationQuestionKind } from '@teamboard/contract';
import { useRef, useState } from 'react';

/** A question being written; `key` keeps its row (and focus) when questions move or go. */
export interface QuestionDraft {
  key: number;
  kind: EvaluationQuestionKind;
  text: string;
}

/** The questions of a draft: the evaluation's, or one empty scale question for a new one. */
export function useQuestionDrafts(initial: { kind: EvaluationQuestionKind; text: string }[] | undefined) {
  const nextKey = useRef(0);
  const draft = (kind: EvaluationQuestionKind, text: string): QuestionDraft => ({
    key: nextKey.current++,
    kind,
    text,
  });
  const [questions, setQuestions] = useState<QuestionDraft[]>(() =>
    initial ? initial.map((question) => draft(question.kind, question.text)) : [draft('scale', '')],
  );
  return {
    questions,
    change: (index: number, change: Partial<QuestionDraft>) =>
      setQuestions((current) =>
        current.map((question, at) => (at === index ? { ...question, ...change } : question)),
      ),
    move: (index: number, by: -1 | 1) =>
      setQuestions((current) => {
        const next = [...current];
        const [moved] = next.splice(index, 1);
        next.splice(index + by, 0, moved!);
        return next;
      }),
    remove: (index: number) => setQuestions((current) => current.filter((_, at) => at !== index)),
    add: () => setQuestions((current) => [...current, draft('scale', '')]),
  };
}
