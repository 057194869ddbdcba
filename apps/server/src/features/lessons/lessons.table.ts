import type { Language, LessonStatus } from '@teamboard/contract';
import type { Generated, Selectable } from 'kysely';

export interface LessonsTable {
  id: Generated<number>;
  project_id: number;
  author_id: number | null;
  title: string;
  problem: string;
  solution: string;
  language: Language;
  status: LessonStatus;
  hidden: Generated<number>;
  votes: Generated<number>;
  views: Generated<number>;
  abuse: Generated<number>;
  review_reason: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  published_at: string | null;
  /** Moves on every change a search index must see (content, status, hidden, votes). */
  changed_at: string;
}
export type LessonRow = Selectable<LessonsTable>;

export interface LessonTagsTable {
  lesson_id: number;
  tag: string;
  position: number;
}

/** One row per user and lesson: a vote, a view or an abuse report counts once. */
export interface LessonMarksTable {
  lesson_id: number;
  user_id: number;
  created_at: string;
}
export interface LessonReportsTable extends LessonMarksTable {
  reason: string | null;
}
