import type { Db } from '../../db/database.js';
import * as repo from './lessons.repository.js';
import type { LessonRow } from './lessons.table.js';
import {
  LessonIndex,
  type LessonSearchOptions,
  type LessonSearchResult,
  type SearchableLesson,
} from './search/lesson-index.js';

function isSearchable(row: LessonRow): boolean {
  return row.status === 'published' && row.hidden === 0;
}

function toSearchable(row: LessonRow, tags: string[]): SearchableLesson {
  return {
    id: row.id,
    title: row.title,
    problem: row.problem,
    solution: row.solution,
    tags,
    language: row.language,
    votes: row.votes,
    publishedAt: row.published_at ?? row.updated_at,
  };
}

/** Past this many changed lessons (an import), reading everything again is the simpler catch-up. */
const MANY_CHANGES = 500;

/**
 * The published lessons' in-process index, kept in step with the database however many instances
 * write to it: before each search, two index-only reads say whether anything changed (`changed_at`
 * moves on every change search sees) and whether the index holds as many lessons as the database
 * shows (a project deleted with its lessons); it then re-reads only what changed, or everything when
 * the counts disagree. Built on the first search, or at the first lessons request (lessons.feature.ts).
 * docs/decisions.md, Lessons learned.
 */
export class LessonSearch {
  private synced: { changedAt: string | null; visible: number } | null = null;
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly index = new LessonIndex(),
  ) {}

  async search(query: string, options: LessonSearchOptions): Promise<LessonSearchResult> {
    await this.catchUp();
    return this.index.search(query, options);
  }

  /**
   * Serialized, so two searches arriving together do not read the same changes twice at once; a
   * failed catch-up (a lost connection) is retried by the next search.
   */
  catchUp(): Promise<void> {
    this.catchingUp = this.catchingUp.catch(() => undefined).then(() => this.readChanges());
    return this.catchingUp;
  }

  private async readChanges(): Promise<void> {
    const stamp = await repo.searchStamp(this.db);
    const since = this.synced?.changedAt ?? null;
    if (since === null) await this.rebuild();
    else if (stamp.changedAt !== since) await this.apply(await repo.lessonsChangedSince(this.db, since));
    if (this.index.size !== stamp.visible) await this.rebuild();
    this.synced = stamp;
  }

  private async apply(rows: LessonRow[]): Promise<void> {
    if (rows.length > MANY_CHANGES) return this.rebuild();
    const searchable = rows.filter(isSearchable);
    const tags = await repo.tagsOf(
      this.db,
      searchable.map((row) => row.id),
    );
    for (const row of rows) {
      if (isSearchable(row)) this.index.upsert(toSearchable(row, tags.get(row.id) ?? []));
      else this.index.remove(row.id);
    }
  }

  private async rebuild(): Promise<void> {
    const rows = await repo.searchableLessons(this.db);
    const tags = await repo.searchableTags(this.db);
    this.index.replaceAll(rows.map((row) => toSearchable(row, tags.get(row.id) ?? [])));
  }
}
