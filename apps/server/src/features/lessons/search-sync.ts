import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import { inSteps } from '../../lib/in-steps.js';
import * as repo from './lessons.repository.js';
import type { LessonRow } from './lessons.table.js';
import { prepareGlossaryAndLexicon } from './search/prepare-glossary-and-lexicon.js';
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
/** Lessons read per page of a rebuild: one read of a few milliseconds. */
const PAGE_SIZE = 250;
/** The longest one step of indexing holds the event loop before it lets requests run (budget: 50 ms). */
const STEP_MS = 20;

/**
 * The published lessons' in-process index, kept in step with the database however many instances
 * write to it: before each search, two index-only reads say whether anything changed (`changed_at`
 * moves on every change search sees) and whether the index holds as many lessons as the database
 * shows (a project deleted with its lessons); it then re-reads only what changed, or everything when
 * the counts disagree. Built on the first search, or at the first lessons request (lessons.feature.ts).
 * docs/decisions.md, Lessons learned.
 *
 * No step holds the event loop long (issue 46): a rebuild reads a page of lessons at a time and
 * indexes them in steps of at most STEP_MS, into a fresh index that replaces the live one only when
 * complete. Searches during a rebuild answer from the previous index without waiting (only the first
 * build is waited for); what changed while it ran is caught up by the next search, since the rebuild
 * counts as synced to the stamp read before it started.
 */
export class LessonSearch {
  private index: LessonIndex;
  private synced: { changedAt: string | null; visible: number } | null = null;
  private catchingUp: Promise<void> = Promise.resolve();
  /** A rebuild is under way while an earlier index still answers. */
  private replacing = false;

  constructor(
    private readonly db: Db,
    private readonly createIndex = () => new LessonIndex(),
  ) {
    this.index = createIndex();
  }

  async search(query: string, options: LessonSearchOptions): Promise<LessonSearchResult> {
    if (!this.replacing) await this.catchUp();
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
    // After a rebuild the counts may differ by what changed meanwhile: the next catch-up reads that.
    if (since === null || !(await this.applyChangesSince(since, stamp))) await this.rebuild();
    this.synced = stamp;
  }

  /** False when only a rebuild can catch up: too many changes, or the counts disagree after them. */
  private async applyChangesSince(
    since: string,
    stamp: { changedAt: string | null; visible: number },
  ): Promise<boolean> {
    if (stamp.changedAt !== since) {
      const rows = await repo.lessonsChangedSince(this.db, since, MANY_CHANGES + 1);
      if (rows.length > MANY_CHANGES) return false;
      await this.apply(rows);
    }
    return this.index.size === stamp.visible;
  }

  /** Into the live index: searches meanwhile wait for this catch-up, so none sees it half done. */
  private async apply(rows: LessonRow[]): Promise<void> {
    const searchable = rows.filter(isSearchable);
    const tags = await repo.tagsOf(
      this.db,
      searchable.map((row) => row.id),
    );
    await inSteps(
      rows,
      (row) => {
        if (isSearchable(row)) this.index.upsert(toSearchable(row, tags.get(row.id) ?? []));
        else this.index.remove(row.id);
      },
      STEP_MS,
    );
  }

  private async rebuild(): Promise<void> {
    const fresh = this.createIndex();
    this.replacing = this.synced !== null;
    try {
      // Once per process (later calls return at once), so the first search does not do it in one turn.
      await prepareGlossaryAndLexicon(STEP_MS);
      for (let afterId = 0; ;) {
        const rows = await repo.searchableLessonsAfter(this.db, afterId, PAGE_SIZE);
        const tags = await repo.tagsOf(
          this.db,
          rows.map((row) => row.id),
        );
        await yieldToEventLoop();
        await inSteps(rows, (row) => fresh.upsert(toSearchable(row, tags.get(row.id) ?? [])), STEP_MS);
        if (rows.length < PAGE_SIZE) break;
        afterId = rows[rows.length - 1]!.id;
      }
      this.index = fresh;
    } finally {
      this.replacing = false;
    }
  }
}
