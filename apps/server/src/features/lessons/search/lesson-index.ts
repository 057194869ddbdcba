import type { Language } from '@teamboard/contract';
import MiniSearch, { type Query, type SearchOptions } from 'minisearch';
import { analyzeText } from './analyzer.js';
import { stripMarkdown } from './markdown.js';
import { planQuery, type Concept } from './query-plan.js';
import { byScoreThenId, QueryScorer } from './ranking.js';

export interface SearchableLesson {
  id: number;
  title: string;
  problem: string;
  solution: string;
  /** Already normalized, lower case. */
  tags: string[];
  language: Language;
  /** Non-negative. */
  votes: number;
  /** ISO timestamp; orders an empty query (votes desc, newest first, id asc). */
  publishedAt: string;
}

export interface LessonSearchOptions {
  language?: Language;
  tags?: string[];
  limit?: number;
  offset?: number;
}

export interface LessonHit {
  id: number;
  score: number;
  /** The analyzed terms (stems) that matched, for highlightSegments and snippetSegments. */
  matchedTerms: string[];
}

export interface LessonSearchResult {
  total: number;
  hits: LessonHit[];
}

/** What the index keeps of a lesson besides its analyzed text: what filters and ordering need. */
interface LessonFacts {
  id: number;
  language: Language;
  tags: ReadonlySet<string>;
  votes: number;
  publishedAtMs: number;
}

/** The analyzed fields, as space-separated terms: MiniSearch only splits them again. */
interface IndexedLesson {
  id: number;
  title: string;
  tags: string;
  body: string;
}

const DEFAULT_LIMIT = 10;
/** Title words say what a lesson is about; tags were chosen for finding it; the body is long. */
const FIELD_BOOSTS = { title: 3, tags: 2, body: 1 };

function createMiniSearch(): MiniSearch<IndexedLesson> {
  return new MiniSearch<IndexedLesson>({
    fields: ['title', 'tags', 'body'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: { boost: FIELD_BOOSTS },
  });
}

/**
 * The published lessons, in memory, searchable in English and Spanish at once (README.md). Pure:
 * the caller keeps it in step with the database and hydrates the hits.
 */
export class LessonIndex {
  private miniSearch = createMiniSearch();
  private readonly facts = new Map<number, LessonFacts>();
  /** The empty query's order, computed on first use after a change. */
  private browseOrder: LessonFacts[] | null = null;

  /** Adds the lesson, or replaces the one with its id. */
  upsert(lesson: SearchableLesson): void {
    this.remove(lesson.id);
    this.miniSearch.add(indexedLesson(lesson));
    this.facts.set(lesson.id, factsOf(lesson));
    this.browseOrder = null;
  }

  /** No-op when the lesson is not indexed. */
  remove(id: number): void {
    if (!this.facts.has(id)) return;
    this.miniSearch.discard(id);
    this.facts.delete(id);
    this.browseOrder = null;
  }

  replaceAll(lessons: Iterable<SearchableLesson>): void {
    this.miniSearch = createMiniSearch();
    this.facts.clear();
    this.browseOrder = null;
    for (const lesson of lessons) this.upsert(lesson);
  }

  has(id: number): boolean {
    return this.facts.has(id);
  }

  get size(): number {
    return this.facts.size;
  }

  /**
   * Published lessons matching `query`, best first (score desc, then id asc), filtered and paged.
   * A blank query, or one of stopwords only, lists every lesson passing the filters by votes, then
   * newest, then id.
   */
  search(query: string, options: LessonSearchOptions = {}): LessonSearchResult {
    const concepts = planQuery(query);
    const ranked = concepts.length === 0 ? this.browse(options) : this.rank(concepts, options);
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(0, options.limit ?? DEFAULT_LIMIT);
    return { total: ranked.length, hits: ranked.slice(offset, offset + limit) };
  }

  private rank(concepts: readonly Concept[], options: LessonSearchOptions): LessonHit[] {
    const query: Query = { combineWith: 'OR', queries: concepts.map((concept) => concept.query) };
    const scorer = new QueryScorer(concepts);
    const hits: LessonHit[] = [];
    for (const result of this.miniSearch.search(query, { filter: this.resultFilter(options) })) {
      const id = result.id as number;
      const votes = this.facts.get(id)?.votes ?? 0;
      hits.push({ id, score: scorer.score(result, votes), matchedTerms: result.terms });
    }
    return hits.sort(byScoreThenId);
  }

  private resultFilter(options: LessonSearchOptions): SearchOptions['filter'] {
    if (options.language === undefined && (options.tags ?? []).length === 0) return undefined;
    const passes = filterFor(options);
    return (result) => passes(this.facts.get(result.id as number));
  }

  private browse(options: LessonSearchOptions): LessonHit[] {
    this.browseOrder ??= [...this.facts.values()].sort(byVotesThenNewest);
    const passes = filterFor(options);
    return this.browseOrder.filter(passes).map(({ id }) => ({ id, score: 0, matchedTerms: [] }));
  }
}

function filterFor({ language, tags }: LessonSearchOptions): (facts: LessonFacts | undefined) => boolean {
  const wanted = tags ?? [];
  return (facts) =>
    facts !== undefined &&
    (language === undefined || facts.language === language) &&
    wanted.every((tag) => facts.tags.has(tag));
}

function byVotesThenNewest(a: LessonFacts, b: LessonFacts): number {
  return b.votes - a.votes || b.publishedAtMs - a.publishedAtMs || a.id - b.id;
}

/** Each lesson is analyzed in its own language (the query is analyzed in both, query-plan.ts). */
function indexedLesson(lesson: SearchableLesson): IndexedLesson {
  const analyze = (text: string) => analyzeText(text, lesson.language).join(' ');
  return {
    id: lesson.id,
    title: analyze(lesson.title),
    tags: analyze(lesson.tags.join(' ')),
    body: analyze(`${stripMarkdown(lesson.problem)} ${stripMarkdown(lesson.solution)}`),
  };
}

function factsOf(lesson: SearchableLesson): LessonFacts {
  const publishedAtMs = Date.parse(lesson.publishedAt);
  return {
    id: lesson.id,
    language: lesson.language,
    tags: new Set(lesson.tags),
    votes: lesson.votes,
    publishedAtMs: Number.isNaN(publishedAtMs) ? 0 : publishedAtMs,
  };
}
