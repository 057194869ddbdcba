import type { SearchableLesson } from '../../../src/features/lessons/search/lesson-index.js';

let nextId = 1;

/** A published English lesson with a fresh id, for the search tests; `fields` override the defaults. */
export function lesson(fields: Partial<SearchableLesson> & { title: string }): SearchableLesson {
  return {
    id: nextId++,
    problem: 'Something went wrong during the project.',
    solution: 'We changed how we work.',
    tags: ['general'],
    language: 'en',
    votes: 0,
    publishedAt: '2025-03-01T10:00:00.000Z',
    ...fields,
  };
}
