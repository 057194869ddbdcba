import type { Language } from '@teamboard/contract';
import { analyzeText } from './analyzer.js';
import glossaryData from './glossary.json' with { type: 'json' };

/** One entry of glossary.json: the words and phrases of one concept in each language. */
export interface GlossaryEntry {
  en: string[];
  es: string[];
}

/** A word of the query analyzed both ways, since the query's language is unknown. */
export interface QueryWord {
  en: string;
  es: string;
  /** The word as typed, for cognate matching (cross-language.ts). */
  text?: string;
}

/** A glossary phrase found in the query: how many query words it covers, and its concept's phrases. */
export interface GlossaryMatch {
  length: number;
  /** Every phrase of the concept (both languages) as analyzed terms, deduplicated. */
  phrases: readonly (readonly string[])[];
}

interface IndexedPhrase {
  terms: string[];
  entries: Set<number>;
}

const LANGUAGES: readonly Language[] = ['en', 'es'];

/**
 * The bilingual glossary, analyzed once: phrases are looked up by their first term in each language,
 * and a phrase shared by several entries (e.g. "release") joins all of their concepts.
 */
export class Glossary {
  private readonly phrasesByFirstTerm = new Map<string, IndexedPhrase[]>();
  private readonly conceptPhrases: string[][][];

  constructor(entries: readonly GlossaryEntry[]) {
    this.conceptPhrases = entries.map((entry) => uniquePhrases(entry));
    entries.forEach((entry, entryIndex) => {
      for (const language of LANGUAGES) {
        for (const phrase of entry[language])
          this.addPhrase(language, analyzeText(phrase, language), entryIndex);
      }
    });
  }

  /** The longest glossary phrase that starts at `words[start]`, read in English or in Spanish. */
  longestMatchAt(words: readonly QueryWord[], start: number): GlossaryMatch | null {
    let best: IndexedPhrase | null = null;
    for (const language of LANGUAGES) {
      const candidates = this.phrasesByFirstTerm.get(keyOf(language, words[start]![language])) ?? [];
      for (const candidate of candidates) {
        const fits = candidate.terms.every((term, offset) => words[start + offset]?.[language] === term);
        if (fits && candidate.terms.length > (best?.terms.length ?? 0)) best = candidate;
      }
    }
    return best ? { length: best.terms.length, phrases: this.phrasesOf(best.entries) } : null;
  }

  private phrasesOf(entries: Set<number>): string[][] {
    const byKey = new Map<string, string[]>();
    for (const entry of entries) {
      for (const phrase of this.conceptPhrases[entry]!) byKey.set(phrase.join(' '), phrase);
    }
    return [...byKey.values()];
  }

  private addPhrase(language: Language, terms: string[], entryIndex: number): void {
    if (terms.length === 0) return;
    const key = keyOf(language, terms[0]!);
    const candidates = this.phrasesByFirstTerm.get(key) ?? [];
    const same = candidates.find((candidate) => candidate.terms.join(' ') === terms.join(' '));
    if (same) same.entries.add(entryIndex);
    else candidates.push({ terms, entries: new Set([entryIndex]) });
    this.phrasesByFirstTerm.set(key, candidates);
  }
}

function keyOf(language: Language, term: string): string {
  return `${language}:${term}`;
}

function uniquePhrases(entry: GlossaryEntry): string[][] {
  const byKey = new Map<string, string[]>();
  for (const language of LANGUAGES) {
    for (const phrase of entry[language]) {
      const terms = analyzeText(phrase, language);
      if (terms.length > 0) byKey.set(terms.join(' '), terms);
    }
  }
  return [...byKey.values()];
}

/** glossary.json's topics flattened: the topic names only organize the file for its editors. */
function glossaryEntries(data: { topics: Record<string, GlossaryEntry[]> }): GlossaryEntry[] {
  return Object.values(data.topics).flat();
}

let glossary: Glossary | undefined;

/** glossary.json, analyzed at the first query that looks a phrase up rather than at start. */
export function defaultGlossary(): Glossary {
  glossary ??= new Glossary(glossaryEntries(glossaryData));
  return glossary;
}
