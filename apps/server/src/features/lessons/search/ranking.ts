import { meaningWeight, rankingWeight } from './informativeness.js';
import type { Concept } from './query-plan.js';
import { hasTerm, termCount, type TermMatches } from './term-index.js';

/** How much votes count: a lesson with 20 votes scores ×1.30, one with 100 ×1.46 (README.md, Ranking). */
export const VOTE_WEIGHT = 0.1;

/**
 * Below this share of the question's meaning covered by the best lesson, no lesson fits
 * (README.md, No lesson fits). Calibrated on the development set's answerable and out-of-scope
 * questions (bench/lessons/eval-set.json) and a few more (test/features/lessons/fixtures).
 */
export const MIN_COVERAGE = 0.33;

/**
 * A corrected word may be a wrong guess at a word no lesson has ("recipe" read as some lesson's word):
 * it covers its meaning only in part.
 */
export const CORRECTED_CREDIT = 0.5;

export function fitsNone(bestCoverage: number): boolean {
  return bestCoverage < MIN_COVERAGE;
}

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
  /** Each concept's share in ranking (informativeness.ts), and their sum. */
  private readonly rankingWeights: number[];
  private readonly totalRankingWeight: number;
  /** What each concept adds to coverage when matched: its share of the meaning, less when corrected. */
  private readonly credits: number[];
  private readonly totalMeaning: number;
  private readonly seen: Uint8Array;

  constructor(
    concepts: readonly Concept[],
    private readonly matches: TermMatches,
  ) {
    this.rankingWeights = concepts.map(rankingWeight);
    this.totalRankingWeight = sum(this.rankingWeights);
    const meaning = concepts.map(meaningWeight);
    this.totalMeaning = sum(meaning);
    this.credits = concepts.map(
      (concept, index) => meaning[index]! * (concept.corrected ? CORRECTED_CREDIT : 1),
    );
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
    this.markMatched(index);
    const share =
      this.totalRankingWeight > 0 ? this.matchedSum(this.rankingWeights) / this.totalRankingWeight : 0;
    return textScore * share * votesPrior(votes);
  }

  /**
   * The share of the question's meaning match `index` covers: its matched concepts' rarity over all
   * of them. One shared everyday word covers little; the rare words of the question cover most.
   */
  coverage(index: number): number {
    this.markMatched(index);
    return this.totalMeaning > 0 ? this.matchedSum(this.credits) / this.totalMeaning : 0;
  }

  /** Marks in `seen` the concepts match `index` holds a term of. */
  private markMatched(index: number): void {
    const seen = this.seen;
    seen.fill(0);
    this.conceptsOfBit.forEach((concepts, bit) => {
      if (concepts.length === 0 || !hasTerm(this.matches, index, bit)) return;
      for (const concept of concepts) seen[concept] = 1;
    });
  }

  private matchedSum(values: readonly number[]): number {
    let total = 0;
    this.seen.forEach((matched, concept) => (total += matched * values[concept]!));
    return total;
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Stable order for pagination: score descending, then id ascending. */
export function byScoreThenId(a: { id: number; score: number }, b: { id: number; score: number }): number {
  return b.score - a.score || a.id - b.id;
}
