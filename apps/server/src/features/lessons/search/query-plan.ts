import { analyzeWord, wordSpans } from './analyzer.js';
import type { Query } from './term-index.js';
import { defaultGlossary, type Glossary, type QueryWord } from './glossary.js';
import { CROSS_LANGUAGE_WEIGHT, otherLanguageForms, type CrossLanguageContext } from './cross-language.js';
import type { Phrase } from './lexicon.js';
import { queryLanguages } from './query-language.js';
import type { Vocabulary } from './vocabulary.js';

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
  /** How rare its terms are among the lessons (informativeness.ts); unset when planned without an index. */
  rarity?: number;
}

/** The query's words as analyzed terms in both languages, stopwords dropped. */
export function queryWords(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const { word } of wordSpans(text)) {
    const en = analyzeWord(word, 'en');
    const es = analyzeWord(word, 'es');
    if (en && es) words.push({ en, es, text: word });
  }
  return words;
}

/**
 * The concepts of a query, left to right, each the longest glossary phrase starting at that word or
 * else the word alone. Empty when the query has no content word (blank, or only stopwords).
 */
export function planQuery(
  text: string,
  glossary: Glossary = defaultGlossary(),
  vocabulary?: Vocabulary,
): Concept[] {
  const words = queryWords(text);
  const crossLanguage = vocabulary && { languages: queryLanguages(text), vocabulary };
  const concepts: Concept[] = [];
  for (let start = 0; start < words.length;) {
    const match = glossary.longestMatchAt(words, start);
    const length = match?.length ?? 1;
    const typed = words.slice(start, start + length);
    concepts.push(conceptOf(typed, match?.phrases ?? [], otherLanguage(typed, crossLanguage)));
    start += length;
  }
  return concepts;
}

/** A single word's lexicon translations and cognates; a glossary phrase has its own translations. */
function otherLanguage(typed: QueryWord[], context: CrossLanguageContext | undefined): Phrase[] {
  return context && typed.length === 1 ? otherLanguageForms(typed[0]!, context) : [];
}

/**
 * The typed words are alternatives (a lesson with only "merge" still partly answers "merge conflict",
 * and one with both words scores both); a translated phrase must appear whole ("base de datos" for
 * "database", not any "base").
 */
function conceptOf(
  typed: QueryWord[],
  phrases: readonly (readonly string[])[],
  otherForms: readonly Phrase[] = [],
): Concept {
  const original = anyOf(typed.flatMap((word) => [word.en, word.es]));
  const typedKeys = new Set([typed.map((word) => word.en).join(' '), typed.map((word) => word.es).join(' ')]);
  const expansions = phrases.filter((phrase) => !typedKeys.has(phrase.join(' ')));
  const expandedKeys = new Set([...typedKeys, ...expansions.map((phrase) => phrase.join(' '))]);
  const forms = otherForms.filter((form) => !expandedKeys.has(form.join(' ')));
  const terms = new Set([
    ...typed.flatMap((word) => [word.en, word.es]),
    ...expansions.flat(),
    ...forms.flat(),
  ]);
  const groups = [weightedGroup(expansions, EXPANSION_WEIGHT), weightedGroup(forms, CROSS_LANGUAGE_WEIGHT)];
  const alternatives = groups.filter((group): group is Query => group !== null);
  const words = typed.map((word) => word.text ?? word.en);
  if (alternatives.length === 0) return { query: original, terms, words };
  return { query: { combineWith: 'OR', queries: [original, ...alternatives] }, terms, words };
}

/** Phrases as alternatives at a weight, each matching whole; null when there are none. */
function weightedGroup(phrases: readonly (readonly string[])[], weight: number): Query | null {
  if (phrases.length === 0) return null;
  const queries = phrases.map((phrase) => allOf([...phrase]));
  return { combineWith: 'OR', boostTerm: () => weight, queries };
}

function anyOf(terms: string[]): Query {
  const unique = [...new Set(terms)];
  return unique.length === 1 ? unique[0]! : { combineWith: 'OR', queries: unique };
}

function allOf(queries: Query[]): Query {
  return queries.length === 1 ? queries[0]! : { combineWith: 'AND', queries };
}
