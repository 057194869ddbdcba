import {
  LESSON_SEARCH_PAGE_SIZE,
  type LessonSearchHit,
  type LessonSearchQuery,
  type LessonSearchResponse,
  type LessonSummary,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import * as repo from './lessons.repository.js';
import type { LessonListRow } from './lessons.repository.js';
import { isSearchable } from './lessons.service.js';
import { highlightSegments, snippetSegments } from './search/highlight.js';
import type { LessonHit } from './search/lesson-index.js';
import type { LessonSearch } from './search-sync.js';

/** GET /api/lessons/search: the index ranks, the database supplies the page's rows as they are now. */
export class LessonSearchService {
  constructor(
    private readonly deps: {
      db: Db;
      search: LessonSearch;
      summaries(rows: LessonListRow[]): Promise<LessonSummary[]>;
    },
  ) {}

  async search(query: LessonSearchQuery): Promise<LessonSearchResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LESSON_SEARCH_PAGE_SIZE;
    const { total, hits, noneFits } = await this.deps.search.search(query.q ?? '', {
      ...(query.language ? { language: query.language } : {}),
      ...(query.tags?.length ? { tags: query.tags } : {}),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { data: await this.present(hits), none_fits: noneFits, total, page, page_size: pageSize };
  }

  /** In the index's order; a lesson unpublished since the index caught up is left out. */
  private async present(hits: LessonHit[]): Promise<LessonSearchHit[]> {
    const rows = await repo.findLessons(
      this.deps.db,
      hits.map((hit) => hit.id),
    );
    const byId = new Map(rows.filter(isSearchable).map((row) => [row.id, row]));
    const summaries = new Map(
      (await this.deps.summaries([...byId.values()])).map((summary) => [summary.lesson_id, summary]),
    );
    return hits.flatMap((hit) => {
      const row = byId.get(hit.id);
      const lesson = summaries.get(hit.id);
      if (!row || !lesson) return [];
      const body = `${row.problem}\n\n${row.solution}`;
      return [
        {
          lesson,
          score: hit.score,
          coverage: hit.coverage,
          title: highlightSegments(row.title, row.language, hit.matchedTerms),
          snippet: snippetSegments(body, row.language, hit.matchedTerms),
        },
      ];
    });
  }
}
