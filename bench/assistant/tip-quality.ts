import questionsA from './tip-questions-a.json' with { type: 'json' };
import questionsB from './tip-questions-b.json' with { type: 'json' };
import { TIP_CARDS, TipBase } from './tip-base-module.js';

export interface TipQuestion {
  q: string;
  language: 'en' | 'es';
  expected: string;
}

/** The tip questions (students' phrasings, each with the one card that answers it), checked. */
export function loadTipQuestions(): TipQuestion[] {
  const questions = [...questionsA, ...questionsB] as TipQuestion[];
  const ids = new Set(TIP_CARDS.map((card) => card.id));
  const unknown = questions.filter((question) => !ids.has(question.expected));
  if (unknown.length > 0)
    throw new Error(`tip questions name unknown cards: ${unknown.map((q) => q.expected).join(', ')}`);
  return questions;
}

/** Precision@1 and recall@3 (one relevant card per question) of the tip base, per language. */
export function tipQuality(questions: readonly TipQuestion[]) {
  const tips = new TipBase();
  const byLanguage = {
    en: { questions: 0, atOne: 0, atThree: 0 },
    es: { questions: 0, atOne: 0, atThree: 0 },
  };
  for (const question of questions) {
    const top = tips.search(question.q, 3).map((hit) => hit.card.id);
    const tally = byLanguage[question.language];
    tally.questions += 1;
    if (top[0] === question.expected) tally.atOne += 1;
    if (top.includes(question.expected)) tally.atThree += 1;
  }
  return Object.fromEntries(
    Object.entries(byLanguage).map(([language, tally]) => [
      language,
      {
        questions: tally.questions,
        precisionAt1: tally.atOne / Math.max(1, tally.questions),
        recallAt3: tally.atThree / Math.max(1, tally.questions),
      },
    ]),
  ) as Record<'en' | 'es', { questions: number; precisionAt1: number; recallAt3: number }>;
}
