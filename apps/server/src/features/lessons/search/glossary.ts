import type { Language } from '@teamboard/contract';
import { inSteps } from '../../../lib/in-steps.js';
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
  private readonly conceptPhrases: string[][][] = [];

  constructor(entries: readonly GlossaryEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  /** Analyzes one more entry: adding entries one by one builds the same glossary as all at once. */
  add(entry: GlossaryEntry): void {
    const entryIndex = this.conceptPhrases.length;
    this.conceptPhrases.push(uniquePhrases(entry));
    for (const language of LANGUAGES) {
      for (const phrase of entry[language])
        this.addPhrase(language, analyzeText(phrase, language), entryIndex);
    }
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
let preparing: Promise<void> | undefined;

/**
 * glossary.json analyzed: by prepareGlossary when it ran first (the first index build runs it), else
 * all at once at the first query that looks a phrase up. Not at start: an idle server never needs it.
 */
export function defaultGlossary(): Glossary {
  glossary ??= new Glossary(glossaryEntries(glossaryData));
  return glossary;
}

/**
 * Analyzes glossary.json an entry at a time, yielding every `stepMs`: all at once it held the event
 * loop ~20 ms on a quiet core and 50–100 ms on a loaded one (issue 46). Callers share one preparation.
 */
export function prepareGlossary(stepMs: number): Promise<void> {
  preparing ??= (async () => {
    const fresh = new Glossary();
    await inSteps(glossaryEntries(glossaryData), (entry) => fresh.add(entry), stepMs);
    glossary ??= fresh;
  })();
  return preparing;
}
