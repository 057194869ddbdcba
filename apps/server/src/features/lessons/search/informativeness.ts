import type { Vocabulary } from './vocabulary.js';

/**
 * What every concept counts before its rarity: a word the asker typed is evidence even when most
 * lessons hold it, so a lesson matching every idea still beats one repeating a single rare word.
 */
const BASE_WEIGHT = 0.5;

/**
 * How much a concept of the query says about what is asked, from how many lessons hold its terms:
 * BASE_WEIGHT plus BM25's inverse document frequency of the concept's commonest form (its terms are
 * alternatives, so a lesson holding any of them holds the concept). Everyday words ("team",
 * "equipo", "time") found in most lessons weigh little, so a rarer word reached only through a
 * translation can outweigh them. A concept the index lacks weighs most: no lesson covers it.
 */
export function conceptWeight(terms: Iterable<string>, vocabulary: Vocabulary): number {
  const size = Math.max(1, vocabulary.size);
  let lessons = 0;
  for (const term of terms) lessons = Math.max(lessons, vocabulary.documentFrequency(term));
  return BASE_WEIGHT + Math.log(1 + (size - lessons + 0.5) / (lessons + 0.5));
}
