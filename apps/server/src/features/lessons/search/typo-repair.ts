import type { Correction, FuzzyVocabulary } from './fuzzy.js';
import { defaultGlossary } from './glossary.js';
import { planQuery, type Concept } from './query-plan.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * How much a word found by fuzzy matching counts beside one typed right: a little less, since the
 * correction may be wrong (README.md, Typos).
 */
export const FUZZY_WEIGHT = 0.85;
/** Corrections kept per misspelt word: the nearest, rarest first. */
const MAX_CORRECTIONS = 2;

/** What typo repair asks of the index: how many lessons hold a term, and the lessons' words as written. */
export interface RepairContext {
  vocabulary: Vocabulary;
  words: FuzzyVocabulary;
}

/**
 * Each one-word concept that no lesson holds in any form (typed word, other-language stem or glossary
 * translation) is replaced by the nearest lesson words within the allowed edits (fuzzy.ts), each read
 * as a query of its own (so a corrected word still finds its glossary translations) at FUZZY_WEIGHT.
 * At equal distance the rarer word wins: "tets" next to "test" and "text" prefers the one that says
 * more. A concept with no correction stays as it is: it still counts as meaning no lesson covers.
 */
export function repairTypos(concepts: readonly Concept[], context: RepairContext): Concept[] {
  return concepts.map((concept) => {
    if (concept.words.length !== 1 || isKnown(concept, context.vocabulary)) return concept;
    return corrected(concept, context) ?? concept;
  });
}

function isKnown(concept: Concept, vocabulary: Vocabulary): boolean {
  for (const term of concept.terms) if (vocabulary.documentFrequency(term) > 0) return true;
  return false;
}

function corrected(concept: Concept, context: RepairContext): Concept | null {
  const { vocabulary, words } = context;
  const candidates = words
    .corrections(concept.words[0]!)
    .filter((candidate) => vocabulary.documentFrequency(candidate.term) > 0);
  const nearest = candidates[0]?.distance;
  const rarestFirst = candidates
    .filter((candidate) => candidate.distance === nearest)
    .sort((a, b) => vocabulary.documentFrequency(a.term) - vocabulary.documentFrequency(b.term));
  const chosen = new Map<string, Correction>();
  for (const candidate of rarestFirst) {
    if (chosen.size < MAX_CORRECTIONS && !chosen.has(candidate.term)) chosen.set(candidate.term, candidate);
  }
  const plans = [...chosen.values()].flatMap((candidate) =>
    planQuery(candidate.word, defaultGlossary(), vocabulary).slice(0, 1),
  );
  if (plans.length === 0) return null;
  return {
    query: { combineWith: 'OR', boostTerm: () => FUZZY_WEIGHT, queries: plans.map((plan) => plan.query) },
    terms: new Set(plans.flatMap((plan) => [...plan.terms])),
    words: concept.words,
    corrected: true,
  };
}
