import { analyzeWord, wordSpans } from './analyzer.js';
import type { Query } from './term-index.js';
import { defaultGlossary, type Glossary, type QueryWord } from './glossary.js';

/**
 * How much a glossary expansion (a translation or synonym) counts beside the words the user typed.
 * Lower than 1: the user's own words are the stronger evidence (README.md, Ranking).
 */
export const EXPANSION_WEIGHT = 0.8;

/**
 * One idea of the query: a word, or a glossary phrase ("base de datos", "pull request"), as a
 * MiniSearch query tree over analyzed terms, with the terms that can stand for it.
 */
export interface Concept {
  query: Query;
  terms: ReadonlySet<string>;
  /** The query words it was read from, as typed (typo-repair.ts corrects a one-word concept). */
  words: readonly string[];
  /** Read from a correction of a misspelt word (typo-repair.ts) rather than the word typed. */
  corrected?: boolean;
}

/** A query word as typed, with its analyzed terms. */
interface PlannedWord extends QueryWord {
  word: string;
}

/** The query's words as analyzed terms in both languages, stopwords dropped. */
export function queryWords(text: string): PlannedWord[] {
  const words: PlannedWord[] = [];
  for (const { word } of wordSpans(text)) {
    const en = analyzeWord(word, 'en');
    const es = analyzeWord(word, 'es');
    if (en && es) words.push({ en, es, word });
  }
  return words;
}

/**
 * The concepts of a query, left to right, each the longest glossary phrase starting at that word or
 * else the word alone. Empty when the query has no content word (blank, or only stopwords).
 */
export function planQuery(text: string, glossary: Glossary = defaultGlossary()): Concept[] {
  const words = queryWords(text);
  const concepts: Concept[] = [];
  for (let start = 0; start < words.length;) {
    const match = glossary.longestMatchAt(words, start);
    const length = match?.length ?? 1;
    concepts.push(conceptOf(words.slice(start, start + length), match?.phrases ?? []));
    start += length;
  }
  return concepts;
}

/**
 * The typed words are alternatives (a lesson with only "merge" still partly answers "merge conflict",
 * and one with both words scores both); a translated phrase must appear whole ("base de datos" for
 * "database", not any "base").
 */
function conceptOf(typed: PlannedWord[], phrases: readonly (readonly string[])[]): Concept {
  const words = typed.map((word) => word.word);
  const original = anyOf(typed.flatMap((word) => [word.en, word.es]));
  const typedKeys = new Set([typed.map((word) => word.en).join(' '), typed.map((word) => word.es).join(' ')]);
  const expansions = phrases.filter((phrase) => !typedKeys.has(phrase.join(' ')));
  const terms = new Set([...typed.flatMap((word) => [word.en, word.es]), ...expansions.flat()]);
  if (expansions.length === 0) return { query: original, terms, words };
  const translated = expansions.map((phrase) => allOf([...phrase]));
  return {
    query: {
      combineWith: 'OR',
      queries: [original, { combineWith: 'OR', boostTerm: () => EXPANSION_WEIGHT, queries: translated }],
    },
    terms,
    words,
  };
}

function anyOf(terms: string[]): Query {
  const unique = [...new Set(terms)];
  return unique.length === 1 ? unique[0]! : { combineWith: 'OR', queries: unique };
}

function allOf(queries: Query[]): Query {
  return queries.length === 1 ? queries[0]! : { combineWith: 'AND', queries };
}
