import type { EvalLesson, EvalQuestion, Language } from './eval-set.js';
import type { LessonSearchOptions, SearchableLesson } from './search-module.js';

/** A seeded generator (mulberry32): every run builds the same lessons and queries. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 0);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

/** Sentences of two lessons of the same language, shuffled together: realistic vocabulary and length. */
function mixedText(random: Random, first: string, second: string): string {
  const pool = [...sentences(first), ...sentences(second)];
  const count = 2 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => pick(random, pool)).join(' ');
}

function mixedTitle(random: Random, first: string, second: string): string {
  const a = words(first);
  const b = words(second);
  return [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.floor(random() * b.length))].join(' ');
}

function randomTags(random: Random, pool: readonly string[]): string[] {
  const count = 1 + Math.floor(random() * 5);
  return [...new Set(Array.from({ length: count }, () => pick(random, pool)))];
}

/** `count` published lessons, half in Spanish, recombined from the eval lessons of each language. */
export function syntheticLessons(
  evalLessons: readonly EvalLesson[],
  count: number,
  seed = 1,
): SearchableLesson[] {
  const random = seededRandom(seed);
  const byLanguage = (language: Language) => evalLessons.filter((lesson) => lesson.language === language);
  const pools = { en: byLanguage('en'), es: byLanguage('es') };
  const tagPool = [...new Set(evalLessons.flatMap((lesson) => lesson.tags))];
  const start = Date.parse('2022-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const language: Language = index % 2 === 0 ? 'en' : 'es';
    const first = pick(random, pools[language]);
    const second = pick(random, pools[language]);
    return {
      id: index + 1,
      title: mixedTitle(random, first.title, second.title),
      problem: mixedText(random, first.problem, second.problem),
      solution: mixedText(random, first.solution, second.solution),
      tags: randomTags(random, tagPool),
      language,
      // Most lessons have few votes, a few have many.
      votes: Math.floor(-Math.log(1 - random()) * 6),
      publishedAt: new Date(start + random() * 3 * 365 * 86_400_000).toISOString(),
    };
  });
}

export interface BenchQuery {
  query: string;
  options: LessonSearchOptions;
}

/**
 * `count` varied searches: the eval questions, random word runs from the titles (1–4 words), some with
 * a language or tag filter or a later page, and a few empty queries (the browse order).
 */
export function syntheticQueries(
  evalLessons: readonly EvalLesson[],
  questions: readonly EvalQuestion[],
  count: number,
  seed = 2,
): BenchQuery[] {
  const random = seededRandom(seed);
  const vocabulary = evalLessons.flatMap((lesson) => words(lesson.title.toLowerCase()));
  const tagPool = [...new Set(evalLessons.flatMap((lesson) => lesson.tags))];
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    const query =
      roll < 0.05
        ? ''
        : roll < 0.55
          ? questions[index % questions.length]!.query
          : Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(random, vocabulary)).join(' ');
    const filter = random();
    const options: LessonSearchOptions =
      filter < 0.1
        ? { language: pick(random, ['en', 'es'] as const) }
        : filter < 0.2
          ? { tags: [pick(random, tagPool)] }
          : filter < 0.3
            ? { offset: 10 * (1 + Math.floor(random() * 3)) }
            : {};
    return { query, options: { limit: 10, ...options } };
  });
}
