/**
 * Issue 46's goals checked on the DEVELOPMENT set only (bench/lessons/eval-set.json) plus a few
 * out-of-scope questions written for calibration (fixtures/out-of-scope.dev.json). The held-apart
 * test set (bench/lessons/test-set.json) is never read here. LESSON_QUALITY_FIGURES=1 prints the figures.
 */
import type { Language } from '@teamboard/contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lessonsToCite } from '../../../src/features/assistant/engines/lessons-engine.js';
import { LessonIndex, type SearchableLesson } from '../../../src/features/lessons/search/lesson-index.js';
import { misspell } from './misspell.js';

interface DevQuestion {
  language: Language;
  query: string;
  relevant: number[];
}

const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;
const devSet = readJson<{
  lessons: Omit<SearchableLesson, 'votes' | 'publishedAt'>[];
  questions: DevQuestion[];
}>('../../../../../bench/lessons/eval-set.json');
const outOfScope = readJson<{ questions: Omit<DevQuestion, 'relevant'>[] }>(
  './fixtures/out-of-scope.dev.json',
);

const index = new LessonIndex();
index.replaceAll(
  devSet.lessons.map((lesson) => ({ ...lesson, votes: 0, publishedAt: '2025-01-01T00:00:00.000Z' })),
);
const answerable = devSet.questions.filter((question) => question.relevant.length > 0);
const unanswerable = [
  ...devSet.questions.filter((question) => question.relevant.length === 0),
  ...outOfScope.questions.map((question) => ({ ...question, relevant: [] })),
];

function share<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.filter(test).length / Math.max(1, items.length);
}

const refused = (query: string) => index.search(query, { limit: 3 }).noneFits;

function precisionAt1(questions: readonly DevQuestion[], rewrite: (query: string) => string = (q) => q) {
  return share(questions, (question) => {
    const top = index.search(rewrite(question.query), { limit: 1 }).hits[0]?.id;
    return top !== undefined && question.relevant.includes(top);
  });
}

function meanRecall(questions: readonly DevQuestion[], found: (question: DevQuestion) => readonly number[]) {
  const recalls = questions.map(
    (question) =>
      question.relevant.filter((id) => found(question).includes(id)).length / question.relevant.length,
  );
  return recalls.reduce((sum, recall) => sum + recall, 0) / Math.max(1, recalls.length);
}

function report(figures: Record<string, number>): void {
  if (process.env.LESSON_QUALITY_FIGURES !== '1') return;
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value.toFixed(3)}`);
}

describe('lessons search quality on the development set (issue 46)', () => {
  it('refuses most out-of-scope questions and few answerable ones', () => {
    const wronglyRefused = share(answerable, (question) => refused(question.query));
    const rightlyRefused = share(unanswerable, (question) => refused(question.query));
    report({ 'answerable wrongly refused': wronglyRefused, 'out-of-scope refused': rightlyRefused });
    expect(wronglyRefused).toBeLessThanOrEqual(0.1);
    expect(rightlyRefused).toBeGreaterThanOrEqual(0.7);
  });

  it('keeps precision@1 with a misspelt key word within 0.1 of the questions as written', () => {
    const typed = answerable.filter((question) => misspell(question.query) !== question.query);
    const asWritten = precisionAt1(typed);
    const misspelt = precisionAt1(typed, misspell);
    report({
      'typo questions': typed.length,
      'precision@1 as written': asWritten,
      'precision@1 misspelt': misspelt,
    });
    expect(asWritten - misspelt).toBeLessThanOrEqual(0.1);
  });

  it("has the assistant cite within 0.05 of the search's recall@3", () => {
    const searchRecall = meanRecall(answerable, (question) =>
      index.search(question.query, { limit: 3 }).hits.map((hit) => hit.id),
    );
    const assistantRecall = meanRecall(answerable, (question) =>
      lessonsToCite(index.search(question.query, { limit: 8 }), new Set()),
    );
    const cited = answerable.map(
      (question) => lessonsToCite(index.search(question.query, { limit: 8 }), new Set()).length,
    );
    report({
      'search recall@3': searchRecall,
      'assistant recall': assistantRecall,
      'assistant cites 3': share(cited, (count) => count === 3),
      'assistant cites 1': share(cited, (count) => count === 1),
    });
    expect(searchRecall - assistantRecall).toBeLessThanOrEqual(0.05);
  });
});
