import type { CourseDrafts, Draft } from './drafts.js';

/**
 * Hands out ids 1, 2, 3… in creation-time order, as the app's inserts would have (ties keep the
 * order the generator made them in: one request's rows, e.g. a PUT's log entries, stay in order).
 * Answers the drafts in id order.
 */
function numberByTime<T extends Draft>(drafts: T[]): T[] {
  const ordered = [...drafts].sort((a, b) => a.at - b.at);
  ordered.forEach((draft, index) => (draft.id = index + 1));
  return ordered;
}

/** Every table's drafts numbered, in id order. */
export function numberCourse(course: CourseDrafts): CourseDrafts {
  const numbered = {} as CourseDrafts;
  for (const table of Object.keys(course) as (keyof CourseDrafts)[]) {
    (numbered[table] as Draft[]) = numberByTime<Draft>(course[table]);
  }
  return numbered;
}
