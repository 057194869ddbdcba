import type { Language } from '@teamboard/contract';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { stem as englishStem } from 'porter2';
import { STOPWORDS } from './stopwords.js';

/** A word of a text and where it is, so a highlighter can mark it in place. */
export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

/**
 * The Snowball English (Porter2) and Spanish stemmers, one small module each (~25 KB together).
 * snowball-stemmers, used before, held every language's stemmer in one 850 KB file whose first load
 * held the event loop 50–65 ms during the first index build (issue 46); these two give the same stems
 * (test/features/lessons/stemmers.test.ts compares them on the development set's vocabulary).
 */
const STEMMERS: Record<Language, (word: string) => string> = { en: englishStem, es: spanishStem };

// Letters and digits, keeping an inner apostrophe (don't, team's) so the English stemmer sees it.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function wordSpans(text: string): WordSpan[] {
  return Array.from(text.matchAll(WORD), (match) => ({
    word: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Lower case without diacritics: "Reunión" → "reunion", "contraseña" → "contrasena". */
export function foldAccents(word: string): string {
  const lower = word.toLowerCase();
  if (PLAIN_ASCII.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '').replace(/’/g, "'");
}

/**
 * The Spanish stemmer strips some suffixes only when accented (-ación, -logía, -ería, -ábamos,
 * -íamos): "integración" → "integr" but "integracion" → "integracion". Students often skip accents, so
 * every word is folded first and these unambiguous endings get their accent back before stemming: any
 * spelling of a word reaches the same stem, and that stem joins its plural and verb forms. (-ía alone
 * is not restored: historia, hacía.)
 */
function restoreSpanishSuffixAccents(folded: string): string {
  return folded
    .replace(/cion$/, 'ción')
    .replace(/logia(s?)$/, 'logía$1')
    .replace(/eria(s?)$/, 'ería$1')
    .replace(/abamos$/, 'ábamos')
    .replace(/iamos$/, 'íamos');
}

/**
 * Stemming costs ~15 µs a word and a lesson collection repeats the same few thousand words, so each
 * language remembers the term of every word as written; the memory is dropped whole when full rather
 * than tracked per entry.
 */
const STEM_MEMORY_LIMIT = 100_000;
const stemMemory = { en: new Map<string, string | null>(), es: new Map<string, string | null>() };

/** The indexed form of one word in a language (folded stem), or null for a stopword. */
export function analyzeWord(word: string, language: Language): string | null {
  const memory = stemMemory[language];
  const remembered = memory.get(word);
  if (remembered !== undefined) return remembered;
  if (memory.size >= STEM_MEMORY_LIMIT) memory.clear();
  const folded = foldAccents(word);
  const term = STOPWORDS.has(folded) ? null : stem(folded, language);
  memory.set(word, term);
  return term;
}

function stem(folded: string, language: Language): string {
  const input = language === 'es' ? restoreSpanishSuffixAccents(folded) : folded;
  return foldAccents(STEMMERS[language](input));
}

/** Every content word of a text as its folded stem, in order. */
export function analyzeText(text: string, language: Language): string[] {
  const terms: string[] = [];
  forEachTerm(text, language, (_word, term) => terms.push(term));
  return terms;
}

/** Each content word of a text as written, with its term, in order (stopwords skipped). */
export function forEachTerm(
  text: string,
  language: Language,
  visit: (word: string, term: string) => void,
): void {
  for (const word of text.match(WORD) ?? []) {
    const term = analyzeWord(word, language);
    if (term) visit(word, term);
  }
}
