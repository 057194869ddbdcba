import type { Language } from '@teamboard/contract';
import { forEachTerm } from './analyzer.js';
import { FuzzyVocabulary } from './fuzzy.js';
import { defaultGlossary } from './glossary.js';
import { withRarity } from './informativeness.js';
import { stripMarkdown } from './markdown.js';
import { planQuery, type Concept } from './query-plan.js';
import { byScoreThenId, fitsNone, QueryScorer } from './ranking.js';
import { FIELDS, TermIndex, termsOf, type FieldTerms, type Query } from './term-index.js';
import { repairTypos } from './typo-repair.js';

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
  /** The share of the question's meaning (rarity-weighted concepts) the lesson covers, 0–1; 0 when browsing. */
  coverage: number;
}

export interface LessonSearchResult {
  total: number;
  hits: LessonHit[];
  /** The best lesson covers too little of the question to answer it (ranking.ts, fitsNone). */
  noneFits: boolean;
}

/** What the index keeps of a lesson besides its analyzed text: what filters and ordering need. */
interface LessonFacts {
  id: number;
  language: Language;
  tags: ReadonlySet<string>;
  votes: number;
  publishedAtMs: number;
}

const DEFAULT_LIMIT = 10;
/** Title words say what a lesson is about; tags were chosen for finding it; the body is long. */
const FIELD_BOOSTS: Record<(typeof FIELDS)[number], number> = { title: 3, tags: 2, body: 1 };

function createTermIndex(): TermIndex {
  return new TermIndex(FIELDS.map((field) => FIELD_BOOSTS[field]));
}

/**
 * The published lessons, in memory, searchable in English and Spanish at once (README.md). Pure:
 * the caller keeps it in step with the database and hydrates the hits.
 */
export class LessonIndex {
  private terms = createTermIndex();
  /** The lessons' words as written, for correcting misspelt query words (typo-repair.ts). */
  private words = new FuzzyVocabulary();
  private readonly facts = new Map<number, LessonFacts>();
  /** The empty query's order, computed on first use after a change. */
  private browseOrder: LessonFacts[] | null = null;

  /** Adds the lesson, or replaces the one with its id. */
  upsert(lesson: SearchableLesson): void {
    this.remove(lesson.id);
    this.terms.add(lesson.id, indexedFields(lesson, this.words));
    this.facts.set(lesson.id, factsOf(lesson));
    this.browseOrder = null;
  }

  /** No-op when the lesson is not indexed. */
  remove(id: number): void {
    if (!this.facts.has(id)) return;
    this.terms.remove(id);
    this.facts.delete(id);
    this.browseOrder = null;
  }

  replaceAll(lessons: Iterable<SearchableLesson>): void {
    this.terms = createTermIndex();
    this.words = new FuzzyVocabulary();
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
    const planned = planQuery(query, defaultGlossary(), this.terms);
    const concepts = withRarity(
      repairTypos(planned, { vocabulary: this.terms, words: this.words }),
      this.terms,
    );
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(0, options.limit ?? DEFAULT_LIMIT);
    return concepts.length === 0
      ? this.browse(options, offset, limit)
      : this.rank(concepts, options, offset, limit);
  }

  /** Every match is scored (so `total` is exact), but only the page's hits are sorted and built. */
  private rank(
    concepts: readonly Concept[],
    options: LessonSearchOptions,
    offset: number,
    limit: number,
  ): LessonSearchResult {
    const query: Query = { combineWith: 'OR', queries: concepts.map((concept) => concept.query) };
    const matches = this.terms.search(query);
    const scorer = new QueryScorer(concepts, matches);
    const passes = hasFilters(options) ? filterFor(options) : null;
    const page = new TopHits(offset + limit);
    let total = 0;
    matches.slots.forEach((slot, index) => {
      const facts = this.facts.get(this.terms.idOf(slot));
      if (passes && !passes(facts)) return;
      total += 1;
      page.offer(facts?.id ?? this.terms.idOf(slot), scorer.score(index, facts?.votes ?? 0), index);
    });
    const best = page.sorted()[0];
    const hits = page
      .sorted()
      .slice(offset, offset + limit)
      .map(({ id, score, index }) => ({
        id,
        score,
        matchedTerms: termsOf(matches, index),
        coverage: scorer.coverage(index),
      }));
    return { total, hits, noneFits: fitsNone(best ? scorer.coverage(best.index) : 0) };
  }

  private browse(options: LessonSearchOptions, offset: number, limit: number): LessonSearchResult {
    this.browseOrder ??= [...this.facts.values()].sort(byVotesThenNewest);
    const order = hasFilters(options) ? this.browseOrder.filter(filterFor(options)) : this.browseOrder;
    const hits = order
      .slice(offset, offset + limit)
      .map(({ id }) => ({ id, score: 0, matchedTerms: [], coverage: 0 }));
    return { total: order.length, hits, noneFits: false };
  }
}

interface RankedHit {
  id: number;
  score: number;
  index: number;
}

/** The best `size` hits by score descending, then id ascending, kept sorted as they are offered. */
class TopHits {
  private readonly best: RankedHit[] = [];

  constructor(private readonly size: number) {}

  offer(id: number, score: number, index: number): void {
    const best = this.best;
    if (this.size === 0) return;
    if (best.length === this.size && byScoreThenId({ id, score }, best[best.length - 1]!) >= 0) return;
    let position = best.length;
    while (position > 0 && byScoreThenId({ id, score }, best[position - 1]!) < 0) position -= 1;
    best.splice(position, 0, { id, score, index });
    if (best.length > this.size) best.pop();
  }

  sorted(): readonly RankedHit[] {
    return this.best;
  }
}

function hasFilters({ language, tags }: LessonSearchOptions): boolean {
  return language !== undefined || (tags ?? []).length > 0;
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

/**
 * Each lesson is analyzed in its own language (the query is analyzed in both, query-plan.ts); its
 * words as written join the vocabulary that misspelt query words are corrected against.
 */
function indexedFields(lesson: SearchableLesson, words: FuzzyVocabulary): FieldTerms {
  const analyze = (text: string) => {
    const terms: string[] = [];
    forEachTerm(text, lesson.language, (word, term) => {
      terms.push(term);
      words.add(word, term, lesson.language);
    });
    return terms;
  };
  return {
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
