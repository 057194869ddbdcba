import type { Language } from '@teamboard/contract';
import { inSteps } from '../../../lib/in-steps.js';
import { analyzeText, foldAccents } from './analyzer.js';
import type { QueryWord } from './glossary.js';
import lexiconData from './lexicon.json' with { type: 'json' };

/** A translation as analyzed terms in its language: a lesson must hold them all. */
export type Phrase = readonly string[];

const OTHER: Record<Language, Language> = { en: 'es', es: 'en' };
const SINGLE_WORD = /^[\p{L}\p{N}'’-]+$/u;

/** Stemming keeps a word's first letters, so a stem is looked for among headwords that start alike. */
const PREFIX_LENGTH = 2;
/** A stem shorter than this finds only the headword typed exactly: it stands for too many words. */
const MIN_STEM_LENGTH = 3;

/**
 * The bilingual lexicon (lexicon.json): general English–Spanish vocabulary, beyond the glossary's
 * hand-kept software concepts. A single-word headword is looked up by its stem, so inflections find
 * it ("deployed" → deploy → "desplegar"). Stemming the whole lexicon at the first query would hold
 * the event loop for a few hundred milliseconds, so headwords are grouped by their first letters and
 * a group is stemmed when a query first needs it; translations are analyzed when first returned.
 */
export class Lexicon {
  /** `${language}:${prefix}` → [headword, line] of the single-word headwords starting so. */
  private readonly headwordsByPrefix = new Map<string, [string, number][]>();
  /** `${language}:${stem}` → [folded headword, line], for the prefix groups stemmed so far. */
  private readonly headwordsByStem = new Map<string, [string, number][]>();
  private readonly stemmedPrefixes = new Set<string>();
  private readonly analyzed = new Map<string, Phrase[]>();

  private readonly lines: LexiconLine[] = [];

  constructor(lines: readonly LexiconLine[] = []) {
    for (const line of lines) this.add(line);
  }

  /** One more line: adding lines one by one builds the same lexicon as all at once. */
  add(line: LexiconLine): void {
    const index = this.lines.push(line) - 1;
    for (const language of ['en', 'es'] as const) {
      for (const word of line[language]) this.addHeadword(language, word, index);
    }
  }

  /**
   * The other language's translations of a query word, read in each of `languages` (the languages the
   * query may be in), deduplicated.
   */
  translationsOf(word: QueryWord, languages: readonly Language[]): Phrase[] {
    const byKey = new Map<string, Phrase>();
    const typed = word.text === undefined ? undefined : foldAccents(word.text);
    for (const language of languages) {
      for (const line of this.linesFor(language, word[language], typed)) {
        for (const phrase of this.translationsOfLine(line, OTHER[language]))
          byKey.set(phrase.join(' '), phrase);
      }
    }
    return [...byKey.values()];
  }

  /**
   * The lines a typed word stands for: those whose headword it is ("junta" → board), else every line
   * whose headword shares its stem ("juntamos" → junt: juntar, junta, juntos). Dropping stems shared by
   * several headwords (senses the asker may not mean) lost more than it saved on the development set.
   */
  private linesFor(language: Language, stem: string, typed: string | undefined): number[] {
    this.stemPrefixGroup(language, stem.slice(0, PREFIX_LENGTH));
    const headwords = this.headwordsByStem.get(`${language}:${stem}`) ?? [];
    const exact = headwords.filter(([headword]) => headword === typed);
    if (exact.length > 0) return exact.map(([, line]) => line);
    if (stem.length < MIN_STEM_LENGTH) return [];
    return headwords.map(([, line]) => line);
  }

  private translationsOfLine(line: number, target: Language): Phrase[] {
    const key = `${target}:${line}`;
    let phrases = this.analyzed.get(key);
    if (!phrases) {
      phrases = this.lines[line]![target].map((text) => analyzeText(text, target)).filter(
        (terms) => terms.length > 0,
      );
      this.analyzed.set(key, phrases);
    }
    return phrases;
  }

  private addHeadword(language: Language, word: string, index: number): void {
    if (!SINGLE_WORD.test(word)) return;
    const key = `${language}:${foldAccents(word).slice(0, PREFIX_LENGTH)}`;
    const group = this.headwordsByPrefix.get(key) ?? [];
    group.push([word, index]);
    this.headwordsByPrefix.set(key, group);
  }

  private stemPrefixGroup(language: Language, prefix: string): void {
    const groupKey = `${language}:${prefix}`;
    if (this.stemmedPrefixes.has(groupKey)) return;
    this.stemmedPrefixes.add(groupKey);
    for (const [word, index] of this.headwordsByPrefix.get(groupKey) ?? []) {
      const [stem, ...rest] = analyzeText(word, language);
      if (!stem || rest.length > 0) continue;
      const key = `${language}:${stem}`;
      const headwords = this.headwordsByStem.get(key) ?? [];
      headwords.push([foldAccents(word), index]);
      this.headwordsByStem.set(key, headwords);
    }
  }
}

/** One line of lexicon.json: "release, launch = lanzamiento, versión". */
export interface LexiconLine {
  en: readonly string[];
  es: readonly string[];
}

export function parseLexiconLine(text: string): LexiconLine {
  const [en = '', es = ''] = text.split('=');
  const words = (side: string) =>
    side
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word.length > 0);
  return { en: words(en), es: words(es) };
}

let lexicon: Lexicon | undefined;
let preparing: Promise<void> | undefined;

/** lexicon.json's lines, topics flattened: the topic names only organize the file for its editors. */
function lexiconTexts(): string[] {
  return Object.values(lexiconData.topics).flat();
}

/**
 * lexicon.json read: by prepareLexicon when it ran first (the first index build runs it), else all at
 * once at the first query that needs a translation. Not at start: an idle server never needs it.
 */
export function defaultLexicon(): Lexicon {
  lexicon ??= new Lexicon(lexiconTexts().map(parseLexiconLine));
  return lexicon;
}

/**
 * Reads lexicon.json a line at a time, yielding every `stepMs`: all at once it held the event loop as
 * long as the glossary's analysis (issue 46). Callers share one preparation.
 */
export function prepareLexicon(stepMs: number): Promise<void> {
  preparing ??= (async () => {
    const fresh = new Lexicon();
    await inSteps(lexiconTexts(), (text) => fresh.add(parseLexiconLine(text)), stepMs);
    lexicon ??= fresh;
  })();
  return preparing;
}
