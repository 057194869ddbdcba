import {
  LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS,
  type LessonReport,
  type LessonReportExclusion,
  type LessonReports,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { DAY_MS } from '../../lib/clock.js';
import * as reportsRepo from './lesson-reports.repository.js';
import type { ReportWithReporter, TeamProject } from './lesson-reports.repository.js';
import * as repo from './lessons.repository.js';

/**
 * Why a report does not count toward hiding, or null when it does. Age and confirmation are judged
 * at the moment of the report, so a report's weight never changes by the clock alone; membership is
 * read as it is now (someone who left every team loses their weight).
 */
export function exclusionOf(
  report: ReportWithReporter,
  authorId: number | null,
  teams: readonly TeamProject[],
): LessonReportExclusion | null {
  const reportedAt = Date.parse(report.created_at);
  if (report.user_id === authorId) return 'AUTHOR';
  if (report.confirmed_at === null || Date.parse(report.confirmed_at) > reportedAt) return 'UNCONFIRMED';
  const ageMs = reportedAt - Date.parse(report.account_created_at);
  if (ageMs < LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS * DAY_MS) return 'ACCOUNT_TOO_NEW';
  if (teams.length === 0) return 'NO_TEAM';
  return null;
}

/** The first project every one of `teamsOfEach` contains (by id), or null when they share none. */
function sharedProject(teamsOfEach: readonly (readonly TeamProject[])[]): TeamProject | null {
  const [first, ...rest] = teamsOfEach;
  if (!first) return null;
  return (
    first.find((team) =>
      rest.every((teams) => teams.some((other) => other.project_id === team.project_id)),
    ) ?? null
  );
}

/**
 * The whole rule (docs/decisions.md, Lessons: who can hide a lesson): a lesson is hidden when at
 * least `threshold` reports count and the reporters of those are not all members of one project — a
 * single team cannot hide another's lesson on its own.
 */
export function judgeReports(
  reports: readonly ReportWithReporter[],
  authorId: number | null,
  teams: ReadonlyMap<number, readonly TeamProject[]>,
  threshold: number,
): Omit<LessonReports, 'lesson_id' | 'hidden'> & { hides: boolean } {
  const judged: LessonReport[] = reports.map((report) => {
    const exclusion = exclusionOf(report, authorId, teams.get(report.user_id) ?? []);
    return {
      reporter: { user_id: report.user_id, name: report.name, email: report.email },
      created_at: report.created_at,
      reason: report.reason,
      counts: exclusion === null,
      not_counted_because: exclusion,
    };
  });
  const counting = judged.filter((report) => report.counts);
  const shared = sharedProject(counting.map((report) => teams.get(report.reporter.user_id) ?? []));
  return {
    threshold,
    counting: counting.length,
    shared_project: shared,
    reports: judged,
    hides: counting.length >= threshold && shared === null,
  };
}

/** Reads a lesson's reports and judges them; the one place the rule meets the database. */
async function judgeLesson(db: Db, lessonId: number, authorId: number | null, threshold: number) {
  const reports = await reportsRepo.reportsOf(db, lessonId);
  const teams = await reportsRepo.teamProjectsOf(
    db,
    reports.map((report) => report.user_id),
  );
  return judgeReports(reports, authorId, teams, threshold);
}

/**
 * Hiding lessons by abuse reports. `hidden` is stored (search and every list read it), and is set
 * again from the rule whenever a lesson's reports change and, at start, for every reported lesson,
 * so lessons hidden under an earlier rule or threshold are judged again by this one.
 */
export class LessonModeration {
  constructor(private readonly deps: { db: Db; clock: Clock; threshold: number }) {}

  /** Who reported the lesson, whether each report counts and why not, and the verdict. */
  async reportsOf(lesson: repo.LessonListRow): Promise<LessonReports> {
    const { hides: _hides, ...judged } = await judgeLesson(
      this.deps.db,
      lesson.id,
      lesson.author_id,
      this.deps.threshold,
    );
    return { lesson_id: lesson.id, hidden: lesson.hidden === 1, ...judged };
  }

  /** Sets the published lesson's `hidden` to the rule's verdict (inside the caller's transaction). */
  async apply(db: Db, lessonId: number, now: string): Promise<void> {
    const lesson = await repo.findLesson(db, lessonId);
    if (!lesson || lesson.status !== 'published') return;
    const { hides } = await judgeLesson(db, lessonId, lesson.author_id, this.deps.threshold);
    const hidden = hides ? 1 : 0;
    if (lesson.hidden !== hidden) await repo.updateLesson(db, lessonId, { hidden }, now);
  }

  /** Judges every reported or hidden published lesson again (at start: few lessons, one pass). */
  async reevaluateAll(): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    for (const id of await reportsRepo.reportedLessonIds(this.deps.db)) {
      await this.deps.db.transaction().execute((trx) => this.apply(trx, id, now));
    }
  }
}
