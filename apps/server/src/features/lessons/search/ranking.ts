import type { SearchResult } from 'minisearch';
import type { Concept } from './query-plan.js';

/** How much votes count: a lesson with 20 votes scores ×1.30, one with 100 ×1.46 (README.md, Ranking). */
export const VOTE_WEIGHT = 0.1;

export function votesPrior(votes: number): number {
  return 1 + VOTE_WEIGHT * Math.log1p(Math.max(0, votes));
}

/**
 * Scores MiniSearch's results for one query (an OR of its concepts). MiniSearch multiplies a result's
 * summed BM25 score by how many query terms it matched; but the terms of one concept are alternatives
 * (a word, its other-language stem, its translations), so a lesson saying both "merge" and "fusión"
 * would count twice. That factor is undone and replaced by the share of concepts matched, so a lesson
 * about "merge conflicts" beats one that only says "merge" many times.
 */
export class QueryScorer {
  private readonly conceptsOfTerm = new Map<string, number[]>();
  private readonly conceptCount: number;

  constructor(concepts: readonly Concept[]) {
    this.conceptCount = concepts.length;
    concepts.forEach((concept, index) => {
      for (const term of concept.terms) {
        this.conceptsOfTerm.set(term, [...(this.conceptsOfTerm.get(term) ?? []), index]);
      }
    });
  }

  /** Text score × share of concepts matched × the votes prior. */
  score(result: SearchResult, votes: number): number {
    const textScore = result.score / Math.max(1, result.queryTerms.length);
    return textScore * this.coverage(result.queryTerms) * votesPrior(votes);
  }

  private coverage(queryTerms: readonly string[]): number {
    const matched = new Set<number>();
    for (const term of queryTerms) {
      for (const concept of this.conceptsOfTerm.get(term) ?? []) matched.add(concept);
    }
    return matched.size / Math.max(1, this.conceptCount);
  }
}

/** Stable order for pagination: score descending, then id ascending. */
export function byScoreThenId(a: { id: number; score: number }, b: { id: number; score: number }): number {
  return b.score - a.score || a.id - b.id;
}
