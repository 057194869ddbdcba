import type { Language, LessonReviewState, LessonStatus } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LessonRow } from './lessons.table.js';

/** A lesson with the names a reader sees beside it. */
export interface LessonListRow extends LessonRow {
  project_name: string;
  author_name: string | null;
}

export interface LessonContent {
  title: string;
  problem: string;
  solution: string;
  language: Language;
}

export type LessonChanges = Partial<
  LessonContent &
    Pick<
      LessonRow,
      'status' | 'hidden' | 'review_reason' | 'submitted_at' | 'published_at' | 'abuse' | 'updated_at'
    >
>;

/** The marks a user leaves on a lesson at most once each. */
export type LessonMark = 'lesson_votes' | 'lesson_views' | 'lesson_reports';
const COUNTER_OF = { lesson_votes: 'votes', lesson_views: 'views', lesson_reports: 'abuse' } as const;

function withNames(db: Db) {
  return db
    .selectFrom('lessons')
    .innerJoin('projects', 'projects.id', 'lessons.project_id')
    .leftJoin('users', 'users.id', 'lessons.author_id')
    .selectAll('lessons')
    .select(['projects.name as project_name', 'users.name as author_name']);
}

export function findLesson(db: Db, id: number): Promise<LessonListRow | undefined> {
  return withNames(db).where('lessons.id', '=', id).executeTakeFirst();
}

export function findLessons(db: Db, ids: readonly number[]): Promise<LessonListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withNames(db).where('lessons.id', 'in', ids).execute();
}

export function listProjectLessons(db: Db, projectId: number): Promise<LessonListRow[]> {
  return withNames(db)
    .where('lessons.project_id', '=', projectId)
    .orderBy('lessons.updated_at', 'desc')
    .orderBy('lessons.id', 'desc')
    .execute();
}

export function listAuthorLessons(db: Db, authorId: number): Promise<LessonListRow[]> {
  return withNames(db)
    .where('lessons.author_id', '=', authorId)
    .orderBy('lessons.updated_at', 'desc')
    .orderBy('lessons.id', 'desc')
    .execute();
}

/**
 * The approval queue (oldest request first), the lessons hidden by abuse reports, or the published
 * ones reported but still shown (most reported first).
 */
export function listForReview(db: Db, state: LessonReviewState): Promise<LessonListRow[]> {
  const query = withNames(db);
  if (state === 'pending') {
    return query
      .where('lessons.status', '=', 'pending')
      .orderBy('lessons.submitted_at')
      .orderBy('lessons.id')
      .execute();
  }
  const published = query.where('lessons.status', '=', 'published');
  return state === 'hidden'
    ? published.where('lessons.hidden', '=', 1).orderBy('lessons.updated_at').orderBy('lessons.id').execute()
    : published
        .where('lessons.hidden', '=', 0)
        .where('lessons.abuse', '>', 0)
        .orderBy('lessons.abuse', 'desc')
        .orderBy('lessons.id')
        .execute();
}

export async function countForReview(db: Db): Promise<{ pending: number; hidden: number }> {
  const row = await db
    .selectFrom('lessons')
    .select([
      sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending'),
      sql<number>`sum(case when status = 'published' and hidden = 1 then 1 else 0 end)`.as('hidden'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending ?? 0), hidden: Number(row.hidden ?? 0) };
}

export function insertLesson(
  db: Db,
  lesson: LessonContent & {
    project_id: number;
    author_id: number;
    status: LessonStatus;
    created_at: string;
    submitted_at: string | null;
  },
): Promise<LessonRow> {
  const { created_at: now } = lesson;
  return db
    .insertInto('lessons')
    .values({ ...lesson, updated_at: now, changed_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every change moves `changed_at`, which the search index follows (search-sync.ts). */
export async function updateLesson(db: Db, id: number, changes: LessonChanges, now: string): Promise<void> {
  await db
    .updateTable('lessons')
    .set({ ...changes, changed_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteLesson(db: Db, id: number): Promise<void> {
  await db.deleteFrom('lessons').where('id', '=', id).execute();
}

export async function replaceTags(db: Db, lessonId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('lesson_tags').where('lesson_id', '=', lessonId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('lesson_tags')
    .values(tags.map((tag, position) => ({ lesson_id: lessonId, tag, position })))
    .execute();
}

/** The tags of each lesson, in the order their author gave them. */
export async function tagsOf(db: Db, lessonIds: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(lessonIds.map((id) => [id, []]));
  if (lessonIds.length === 0) return tags;
  const rows = await db
    .selectFrom('lesson_tags')
    .select(['lesson_id', 'tag'])
    .where('lesson_id', 'in', lessonIds)
    .orderBy('lesson_id')
    .orderBy('position')
    .execute();
  for (const row of rows) tags.get(row.lesson_id)?.push(row.tag);
  return tags;
}

/** Adds the user's mark once; the lesson's counter moves only when the row was new. */
export async function addMark(
  db: Db,
  mark: LessonMark,
  target: { lessonId: number; userId: number; now: string; reason?: string | null },
): Promise<boolean> {
  const row = { lesson_id: target.lessonId, user_id: target.userId, created_at: target.now };
  const result = await db
    .insertInto(mark as 'lesson_reports')
    .values(mark === 'lesson_reports' ? { ...row, reason: target.reason ?? null } : row)
    .onConflict((conflict) => conflict.columns(['lesson_id', 'user_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await moveCounter(db, mark, target.lessonId, 1, target.now);
  return added;
}

/** Removes the user's mark; the counter moves only when there was one. */
export async function removeMark(
  db: Db,
  mark: LessonMark,
  target: { lessonId: number; userId: number; now: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom(mark)
    .where('lesson_id', '=', target.lessonId)
    .where('user_id', '=', target.userId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await moveCounter(db, mark, target.lessonId, -1, target.now);
  return removed;
}

async function moveCounter(db: Db, mark: LessonMark, lessonId: number, by: number, now: string) {
  const counter = COUNTER_OF[mark];
  // Views do not change what search ranks on, so they leave the index's stamp alone.
  const stamp = mark === 'lesson_views' ? {} : { changed_at: now };
  await db
    .updateTable('lessons')
    .set((eb) => ({ [counter]: eb(counter, '+', by), ...stamp }))
    .where('id', '=', lessonId)
    .execute();
}

export async function clearReports(db: Db, lessonId: number): Promise<void> {
  await db.deleteFrom('lesson_reports').where('lesson_id', '=', lessonId).execute();
}

/** Which of `lessonIds` the user has marked. */
export async function markedBy(
  db: Db,
  mark: LessonMark,
  userId: number,
  lessonIds: readonly number[],
): Promise<Set<number>> {
  if (lessonIds.length === 0) return new Set();
  const rows = await db
    .selectFrom(mark)
    .select('lesson_id')
    .where('user_id', '=', userId)
    .where('lesson_id', 'in', lessonIds)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

/**
 * Tags in use that the caller may see (published, unhidden lessons, and their own), most used first,
 * those starting with `prefix` before those only containing it.
 */
export async function suggestTags(db: Db, userId: number, text: string, limit: number): Promise<string[]> {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .selectFrom('lesson_tags')
    .innerJoin('lessons', 'lessons.id', 'lesson_tags.lesson_id')
    .select(['lesson_tags.tag', (eb) => eb.fn.countAll<number>().as('uses')])
    .where((eb) =>
      eb.or([
        eb.and([eb('lessons.status', '=', 'published'), eb('lessons.hidden', '=', 0)]),
        eb('lessons.author_id', '=', userId),
      ]),
    )
    .where(sql<boolean>`lesson_tags.tag like ${`%${escaped}%`} escape '\\'`)
    .groupBy('lesson_tags.tag')
    .orderBy(sql`case when lesson_tags.tag like ${`${escaped}%`} escape '\\' then 0 else 1 end`)
    .orderBy('uses', 'desc')
    .orderBy('lesson_tags.tag')
    .limit(limit)
    .execute();
  return rows.map((row) => row.tag);
}

/**
 * What the search index needs to know whether it is behind (search-sync.ts): two index-only reads,
 * cheap enough for every search.
 */
export async function searchStamp(db: Db): Promise<{ changedAt: string | null; visible: number }> {
  const latest = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max('changed_at').as('changed_at'))
    .executeTakeFirstOrThrow();
  const visible = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'published')
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return { changedAt: latest.changed_at ?? null, visible: Number(visible.count) };
}

/** Lessons changed at or after `since`, whatever their status; at most `limit` of them. */
export function lessonsChangedSince(db: Db, since: string, limit: number): Promise<LessonRow[]> {
  return db.selectFrom('lessons').selectAll().where('changed_at', '>=', since).limit(limit).execute();
}

/**
 * One page of what search holds (published, unhidden), by id after `afterId`: the index is rebuilt a
 * page at a time, so no single read holds the event loop (SQLite reads are synchronous).
 */
export function searchableLessonsAfter(db: Db, afterId: number, limit: number): Promise<LessonRow[]> {
  return db
    .selectFrom('lessons')
    .selectAll()
    .where('status', '=', 'published')
    .where('hidden', '=', 0)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
