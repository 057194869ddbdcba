import { existsSync, readFileSync } from 'node:fs';
import questionsA from './tip-questions-a.json' with { type: 'json' };
import questionsB from './tip-questions-b.json' with { type: 'json' };
import questionsNone from './tip-questions-none.json' with { type: 'json' };
import { TIP_CARDS, TipBase } from './tip-base-module.js';

/** A question to the tip base: the cards that answer it, none when it is out of scope. */
export interface TipQuestion {
  q: string;
  language: 'en' | 'es';
  expected: string[];
}

/** The held-apart tip test set (written by someone who never saw the engine); nothing here tunes on it. */
const TEST_SET_FILE = new URL('./tip-test-set.json', import.meta.url);

function checked(questions: TipQuestion[]): TipQuestion[] {
  const ids = new Set(TIP_CARDS.map((card) => card.id));
  const unknown = questions.flatMap((question) => question.expected.filter((id) => !ids.has(id)));
  if (unknown.length > 0) throw new Error(`tip questions name unknown cards: ${unknown.join(', ')}`);
  return questions;
}

/**
 * The development questions: students' phrasings each with the one card that answers it
 * (tip-questions-a/-b.json) and questions no card answers (tip-questions-none.json).
 */
export function loadTipQuestions(): TipQuestion[] {
  const answerable = [...questionsA, ...questionsB].map((question) => ({
    q: question.q,
    language: question.language as TipQuestion['language'],
    expected: [question.expected],
  }));
  return checked([...answerable, ...(questionsNone as TipQuestion[])]);
}

/** The test set's questions, or null until bench/assistant/tip-test-set.json exists. */
export function loadTipTestSet(): TipQuestion[] | null {
  if (!existsSync(TEST_SET_FILE)) return null;
  const { questions } = JSON.parse(readFileSync(TEST_SET_FILE, 'utf8')) as { questions: TipQuestion[] };
  return checked(questions.map(({ q, language, expected }) => ({ q, language, expected })));
}

export interface TipFigures {
  answerable: number;
  outOfScope: number;
  /** Of the answerable questions: an expected card first (a refusal is a miss). */
  precisionAt1: number;
  /** Of the answerable questions: an expected card among the first three offered. */
  recallAt3: number;
  /** Of the out-of-scope questions: the share answered "no tip fits". */
  outOfScopeRefused: number;
  /** Of the answerable questions: the share answered "no tip fits". */
  answerableRefused: number;
}

const share = (count: number, of: number) => (of === 0 ? Number.NaN : count / of);

/** The tip base's figures on `questions`, as the tips engine answers (no card when none fits). */
export function tipQuality(questions: readonly TipQuestion[], tips = new TipBase()): TipFigures {
  const tally = { answerable: 0, outOfScope: 0, atOne: 0, atThree: 0, refusedOut: 0, refusedIn: 0 };
  for (const question of questions) {
    const { hits, noneFits } = tips.search(question.q, 3);
    const offered = noneFits ? [] : hits.filter((hit) => hit.fits).map((hit) => hit.card.id);
    if (question.expected.length === 0) {
      tally.outOfScope += 1;
      if (noneFits) tally.refusedOut += 1;
      continue;
    }
    tally.answerable += 1;
    if (noneFits) tally.refusedIn += 1;
    if (question.expected.includes(offered[0] ?? '')) tally.atOne += 1;
    if (offered.some((id) => question.expected.includes(id))) tally.atThree += 1;
  }
  return {
    answerable: tally.answerable,
    outOfScope: tally.outOfScope,
    precisionAt1: share(tally.atOne, tally.answerable),
    recallAt3: share(tally.atThree, tally.answerable),
    outOfScopeRefused: share(tally.refusedOut, tally.outOfScope),
    answerableRefused: share(tally.refusedIn, tally.answerable),
  };
}
