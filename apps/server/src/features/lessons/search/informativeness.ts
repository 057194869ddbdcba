import type { Concept } from './query-plan.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * What every concept counts in ranking before its rarity: a word the asker typed is evidence even
 * when most lessons hold it, so a lesson matching every idea still beats one repeating a single rare
 * word.
 */
const BASE_WEIGHT = 0.5;

/**
 * How much a concept of the query says about what is asked: BM25's inverse document frequency of its
 * commonest form (its terms are alternatives, so a lesson holding any of them holds the concept).
 * Everyday words ("team", "equipo", "time") found in most lessons weigh little, so a rarer word reached
 * only through a translation can outweigh them. A concept no lesson holds weighs as much as a word
 * found in one lesson: it is meaning the question has and no lesson covers, and weighing it more would
 * let one stray word refuse an answerable question.
 */
export function conceptRarity(terms: Iterable<string>, vocabulary: Vocabulary): number {
  const size = Math.max(1, vocabulary.size);
  let lessons = 1;
  for (const term of terms) lessons = Math.max(lessons, vocabulary.documentFrequency(term));
  return Math.log(1 + (size - lessons + 0.5) / (lessons + 0.5));
}

/** A concept's share in ranking (ranking.ts): its rarity over a floor; 1 when planned without an index. */
export function rankingWeight(concept: Concept): number {
  return concept.rarity === undefined ? 1 : BASE_WEIGHT + concept.rarity;
}

/** A concept's share of the question's meaning, for "no lesson fits" (ranking.ts); 1 without an index. */
export function meaningWeight(concept: Concept): number {
  return concept.rarity ?? 1;
}

/** The concepts with their rarity in `vocabulary`, once the plan is final (after typo repair). */
export function withRarity(concepts: readonly Concept[], vocabulary: Vocabulary): Concept[] {
  return concepts.map((concept) => ({ ...concept, rarity: conceptRarity(concept.terms, vocabulary) }));
}
