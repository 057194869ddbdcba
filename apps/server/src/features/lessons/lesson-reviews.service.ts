import type { LessonReports, LessonReviewState, LessonSummary } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { LessonModeration } from './lesson-moderation.js';
import * as repo from './lessons.repository.js';
import type { LessonListRow } from './lessons.repository.js';

/**
 * What admins do with lessons (docs/product.md: admins approve or disapprove lessons): the approval
 * queue, the lessons hidden by abuse reports, and the decisions. The caller is checked by the
 * 'lesson.reviewer' policy (or the 'admin' account policy for the lists) before any of this runs.
 */
export class LessonReviewsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      summaries(rows: LessonListRow[]): Promise<LessonSummary[]>;
      moderation: LessonModeration;
    },
  ) {}

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  async queue(state: LessonReviewState): Promise<LessonSummary[]> {
    return this.deps.summaries(await repo.listForReview(this.deps.db, state));
  }

  /** Who reported the lesson and whether each report counts toward hiding it (admins only). */
  reports(lesson: LessonListRow): Promise<LessonReports> {
    return this.deps.moderation.reportsOf(lesson);
  }

  count(): Promise<{ pending: number; hidden: number }> {
    return repo.countForReview(this.deps.db);
  }

  /** pending → published, with a clean slate of abuse reports. */
  async approve(lesson: LessonListRow): Promise<void> {
    if (lesson.status !== 'pending') throw new AppError('LESSON_NOT_PENDING');
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.clearReports(trx, lesson.id);
      await repo.updateLesson(
        trx,
        lesson.id,
        { status: 'published', published_at: now, review_reason: null, hidden: 0, abuse: 0 },
        now,
      );
    });
  }

  /** pending → disapproved; the author reads the reason. */
  async disapprove(lesson: LessonListRow, reason: string): Promise<void> {
    if (lesson.status !== 'pending') throw new AppError('LESSON_NOT_PENDING');
    const now = this.now();
    await repo.updateLesson(this.deps.db, lesson.id, { status: 'disapproved', review_reason: reason }, now);
  }

  /** published (hidden or not) → disapproved: out of search, editable by its author again. */
  async unpublish(lesson: LessonListRow, reason: string): Promise<void> {
    if (lesson.status !== 'published') throw new AppError('LESSON_NOT_PUBLISHED');
    const now = this.now();
    await repo.updateLesson(
      this.deps.db,
      lesson.id,
      { status: 'disapproved', review_reason: reason, hidden: 0, published_at: null },
      now,
    );
  }

  /** A hidden lesson found sound: shown again, its reports cleared. */
  async restore(lesson: LessonListRow): Promise<void> {
    if (lesson.status !== 'published') throw new AppError('LESSON_NOT_PUBLISHED');
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.clearReports(trx, lesson.id);
      await repo.updateLesson(trx, lesson.id, { hidden: 0, abuse: 0 }, now);
    });
  }
}
