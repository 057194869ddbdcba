import type { AppDatabase } from '../../db/app-database.js';
import type {
  CreateLessonInput,
  Lesson,
  LessonStatus,
  Language,
  LessonSummary,
  UpdateLessonInput,
} from '@teamboard/contract';
import { authorizeProject, type ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import type { LessonModeration } from './lesson-moderation.js';
import * as repo from './lessons.repository.js';
import type { LessonListRow } from './lessons.repository.js';

export function toLessonSummary(row: LessonListRow, tags: string[]): LessonSummary {
  return {
    lesson_id: row.id,
    project_id: row.project_id,
    project_name: row.project_name,
    title: row.title,
    tags,
    language: row.language,
    status: row.status,
    published: row.status === 'published',
    hidden: row.hidden === 1,
    votes: row.votes,
    views: row.views,
    abuse: row.abuse,
    author: row.author_id === null ? null : { user_id: row.author_id, name: row.author_name ?? '' },
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
  };
}

export function isSearchable(row: Pick<LessonListRow, 'status' | 'hidden'>): boolean {
  return row.status === 'published' && row.hidden === 0;
}

/** The status a save leaves: `submit` sends it for approval (true) or takes it back to draft (false). */
function statusAfterSave(current: LessonStatus, submit: boolean | undefined): LessonStatus {
  if (submit === true) return 'pending';
  if (submit === false) return 'draft';
  return current;
}

/**
 * Writing, reading, voting on and reporting lessons (docs/product.md, Lessons learned; docs/api-lessons.md).
 * Reviews by admins are in lesson-reviews.service.ts; search in lesson-search.service.ts.
 */
export class LessonsService {
  constructor(
    private readonly deps: { database: AppDatabase; db: Db; clock: Clock; moderation: LessonModeration },
  ) {}

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  async summaries(rows: LessonListRow[]): Promise<LessonSummary[]> {
    const tags = await repo.tagsOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toLessonSummary(row, tags.get(row.id) ?? []));
  }

  /** The lesson as `viewer` sees it. */
  async present(viewer: UserRow, id: number, db: Db = this.deps.db): Promise<Lesson> {
    const row = await repo.findLesson(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const [tags, voted, reported] = await Promise.all([
      repo.tagsOf(db, [id]),
      repo.markedBy(db, 'lesson_votes', viewer.id, [id]),
      repo.markedBy(db, 'lesson_reports', viewer.id, [id]),
    ]);
    const isAuthor = row.author_id === viewer.id;
    return {
      ...toLessonSummary(row, tags.get(id) ?? []),
      problem: row.problem,
      solution: row.solution,
      review_reason: row.review_reason,
      voted: voted.has(id),
      reported: reported.has(id),
      can_edit: isAuthor && row.status !== 'published',
      is_author: isAuthor,
    };
  }

  find(id: number): Promise<LessonListRow | undefined> {
    return repo.findLesson(this.deps.db, id);
  }

  async listProject(access: ProjectAccess): Promise<LessonSummary[]> {
    return this.summaries(await repo.listProjectLessons(this.deps.db, access.project.id));
  }

  async listMine(user: UserRow): Promise<LessonSummary[]> {
    return this.summaries(await repo.listAuthorLessons(this.deps.db, user.id));
  }

  async create(author: UserRow, access: ProjectAccess, input: CreateLessonInput): Promise<Lesson> {
    const now = this.now();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertLesson(trx, {
        project_id: access.project.id,
        author_id: author.id,
        title: input.title,
        problem: input.problem,
        solution: input.solution,
        language: input.language,
        status: input.submit ? 'pending' : 'draft',
        created_at: now,
        submitted_at: input.submit ? now : null,
      });
      await repo.replaceTags(trx, row.id, input.tags);
      return row.id;
    });
    return this.present(author, id);
  }

  /** By its author, until it is published (LESSON_NOT_EDITABLE after). */
  async update(author: UserRow, lesson: LessonListRow, input: UpdateLessonInput): Promise<Lesson> {
    if (lesson.status === 'published') throw new AppError('LESSON_NOT_EDITABLE');
    const now = this.now();
    const { tags, submit, ...content } = input;
    const status = statusAfterSave(lesson.status, submit);
    const sent = status === 'pending' && lesson.status !== 'pending';
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateLesson(
        trx,
        lesson.id,
        {
          ...content,
          status,
          updated_at: now,
          ...(sent ? { submitted_at: now, review_reason: null } : {}),
        },
        now,
      );
      if (tags) await repo.replaceTags(trx, lesson.id, tags);
    });
    return this.present(author, lesson.id);
  }

  async remove(lesson: LessonListRow): Promise<void> {
    if (lesson.status === 'published') throw new AppError('LESSON_NOT_EDITABLE');
    await repo.deleteLesson(this.deps.db, lesson.id);
  }

  /** A reader opening a published lesson counts one view, the first time only. */
  async read(reader: UserRow, lesson: LessonListRow): Promise<Lesson> {
    if (lesson.status === 'published') {
      await repo.addMark(this.deps.db, 'lesson_views', {
        lessonId: lesson.id,
        userId: reader.id,
        now: this.now(),
      });
    }
    return this.present(reader, lesson.id);
  }

  /** Sets or clears the reader's one vote; repeating either changes nothing. Never its author's. */
  async vote(reader: UserRow, lesson: LessonListRow, on: boolean): Promise<Lesson> {
    if (lesson.status !== 'published') throw new AppError('LESSON_NOT_PUBLISHED');
    if (lesson.author_id === reader.id) throw new AppError('LESSON_OWN_VOTE');
    const target = { lessonId: lesson.id, userId: reader.id, now: this.now() };
    await this.deps.db.transaction().execute(async (trx) => {
      if (on) await repo.addMark(trx, 'lesson_votes', target);
      else await repo.removeMark(trx, 'lesson_votes', target);
    });
    return this.present(reader, lesson.id);
  }

  /**
   * One report per reader, never by its author. Every report is kept for the admins; whether the
   * lesson is hidden until an admin reviews it is the moderation rule's (lesson-moderation.ts).
   */
  async report(reader: UserRow, lesson: LessonListRow, reason: string | undefined): Promise<Lesson> {
    if (lesson.status !== 'published') throw new AppError('LESSON_NOT_PUBLISHED');
    if (lesson.author_id === reader.id) throw new AppError('LESSON_OWN_REPORT');
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const target = { lessonId: lesson.id, userId: reader.id, now, reason: reason || null };
      // The counter's row lock orders concurrent reports, so the verdict below sees every earlier one.
      if (!(await repo.addMark(trx, 'lesson_reports', target))) return;
      await this.deps.moderation.apply(trx, lesson.id, now);
    });
    return this.present(reader, lesson.id);
  }

  /**
   * Who may read `id` (the 'lesson.reader' policy): everyone signed in when it is published and not
   * hidden; otherwise admins and whoever sees its project. Anyone else is told it does not exist.
   */
  async readableBy(user: UserRow, id: number): Promise<LessonListRow> {
    const row = await repo.findLesson(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (isSearchable(row) || user.account_type === 'admin') return row;
    await authorizeProject(this.deps.database, user, row.project_id, 'project.view');
    return row;
  }

  /** The 'lesson.author' policy: a reader who is not its author is refused (403). */
  async writtenBy(user: UserRow, id: number): Promise<LessonListRow> {
    const row = await this.readableBy(user, id);
    if (row.author_id !== user.id) throw new AppError('FORBIDDEN');
    return row;
  }

  /** The 'lesson.reviewer' policy: admins; a reader who is not one is refused (403). */
  async reviewableBy(user: UserRow, id: number): Promise<LessonListRow> {
    const row = await this.readableBy(user, id);
    if (user.account_type !== 'admin') throw new AppError('FORBIDDEN');
    return row;
  }

  async tags(user: UserRow, text: string | undefined): Promise<string[]> {
    return repo.suggestTags(this.deps.db, user.id, (text ?? '').trim().toLowerCase(), 20);
  }
}

/**
 * What the assistant (features/assistant) retrieves with: the same analysis and ranking as lesson
 * search, so its tip base is searched the way lessons are (search/README.md).
 */
export { LessonIndex, type SearchableLesson } from './search/lesson-index.js';
/** The tip base's searches read the glossary and lexicon too: the assistant prepares them in steps. */
export { prepareGlossaryAndLexicon } from './search/prepare-glossary-and-lexicon.js';

/** Published, visible lessons' texts for the assistant's lessons engine, in the order of `ids`. */
export async function publishedLessonTexts(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; title: string; problem: string; solution: string; language: Language }[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await repo.findLessons(db, ids)).filter(isSearchable).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [{ id, title: row.title, problem: row.problem, solution: row.solution, language: row.language }]
      : [];
  });
}
