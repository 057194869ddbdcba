import type { Concept } from './query-plan.js';
import { hasTerm, termCount, type TermMatches } from './term-index.js';

/** How much votes count: a lesson with 20 votes scores ×1.30, one with 100 ×1.46 (README.md, Ranking). */
export const VOTE_WEIGHT = 0.1;

export function votesPrior(votes: number): number {
  return 1 + VOTE_WEIGHT * Math.log1p(Math.max(0, votes));
}

/**
 * Scores MiniSearch's results for one query (an OR of its concepts). MiniSearch multiplies a result's
 * summed BM25 score by how many query terms it matched; but the terms of one concept are alternatives
 * (a word, its other-language stem, its translations), so a lesson saying both "merge" and "fusión"
 * would count twice. That factor is undone and replaced by the share of concepts matched, each
 * concept weighed by its informativeness (informativeness.ts), so a lesson
 * about "merge conflicts" beats one that only says "merge" many times.
 */
export class QueryScorer {
  /** For each query term (by its bit in the matches' bitsets), the concepts it stands for. */
  private readonly conceptsOfBit: number[][];
  /** Each concept's weight (informativeness), and their sum: coverage is the matched share of it. */
  private readonly conceptWeights: number[];
  private readonly totalWeight: number;
  private readonly seen: Uint8Array;

  constructor(
    concepts: readonly Concept[],
    private readonly matches: TermMatches,
  ) {
    this.conceptWeights = concepts.map((concept) => concept.weight ?? 1);
    this.totalWeight = this.conceptWeights.reduce((sum, weight) => sum + weight, 0);
    this.seen = new Uint8Array(concepts.length);
    this.conceptsOfBit = matches.terms.list.map((term) =>
      concepts.flatMap((concept, index) => (concept.terms.has(term) ? [index] : [])),
    );
  }

  /** Text score × weighted share of concepts matched × the votes prior, for match `index`. */
  score(index: number, votes: number): number {
    const matchedTerms = termCount(this.matches.masks, index, this.matches.terms.words);
    // MiniSearch's score was the sum times the number of query terms matched: kept as it was, then undone.
    const summed = this.matches.scores[index]! * (matchedTerms || 1);
    const textScore = summed / Math.max(1, matchedTerms);
    return textScore * this.coverage(index) * votesPrior(votes);
  }

  private coverage(index: number): number {
    const seen = this.seen;
    seen.fill(0);
    let matched = 0;
    this.conceptsOfBit.forEach((concepts, bit) => {
      if (concepts.length === 0 || !hasTerm(this.matches, index, bit)) return;
      for (const concept of concepts) {
        if (seen[concept] === 0) {
          seen[concept] = 1;
          matched += this.conceptWeights[concept]!;
        }
      }
    });
    return this.totalWeight > 0 ? matched / this.totalWeight : 0;
  }
}

/** Stable order for pagination: score descending, then id ascending. */
export function byScoreThenId(a: { id: number; score: number }, b: { id: number; score: number }): number {
  return b.score - a.score || a.id - b.id;
}
