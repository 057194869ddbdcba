import { STANDUP_SIGNAL_KINDS, type StandupSignalKind } from '@teamboard/contract';
import { CLAUSE_BREAKS, NEGATION_CUES, NEGATION_WINDOW, WORD_LISTS, type WordList } from './word-lists.js';

/**
 * Text signals of a stand-up (docs/api-standups.md): the terms of the curated word lists
 * (word-lists.ts) found in its texts, in English and Spanish, unless a negation comes within the
 * 3 words before them in the same clause. Each signal names the words that raised it, as written.
 */

/** Lower case without accents: "Terminé" → "termine", "ESTRÉS" → "estres". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'");
}

interface Token {
  /** Folded. */
  word: string;
  start: number;
  end: number;
  /** Tokens of one clause share it. */
  clause: number;
}

/** One word piece of a term: exact, or a stem (`frustrat*`). */
interface Piece {
  text: string;
  stem: boolean;
}
interface Term {
  kind: StandupSignalKind;
  pieces: Piece[];
}

const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|[.,;:!?¡¿()\n]+/gu;
const BREAK = /^[.,;:!?¡¿()\n]+$/u;
const clauseBreaks = new Set(CLAUSE_BREAKS.map(fold));

/** The words of a text, folded, each with its place in the text and its clause. */
export function tokenize(text: string): Token[] {
  const folded = fold(text);
  const tokens: Token[] = [];
  let clause = 0;
  // Positions are in the folded text; textSignals slices the original with them only when folding
  // kept its length (precomposed accents and case do).
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (BREAK.test(word)) {
      clause += 1;
      continue;
    }
    if (clauseBreaks.has(word)) {
      clause += 1;
      continue;
    }
    tokens.push({ word, start: match.index, end: match.index + word.length, clause });
  }
  return tokens;
}

function parse(term: string): Piece[] {
  return fold(term)
    .split(/\s+/)
    .filter(Boolean)
    .map((text) => (text.endsWith('*') ? { text: text.slice(0, -1), stem: true } : { text, stem: false }));
}

function compile(lists: readonly WordList[]): Term[] {
  return lists.flatMap((list) =>
    [...list.en, ...list.es].map((term) => ({ kind: list.kind, pieces: parse(term) })),
  );
}

/** Terms by their first word (exact first words), and the terms whose first word is a stem. */
interface TermIndex<T extends { pieces: Piece[] }> {
  byWord: Map<string, T[]>;
  stems: T[];
}

function indexed<T extends { pieces: Piece[] }>(terms: T[]): TermIndex<T> {
  const byWord = new Map<string, T[]>();
  const stems: T[] = [];
  for (const term of terms) {
    const first = term.pieces[0]!;
    if (first.stem) stems.push(term);
    else byWord.set(first.text, [...(byWord.get(first.text) ?? []), term]);
  }
  return { byWord, stems };
}

/** The terms that may start at a word (a few lookups instead of trying every term). */
function candidates<T extends { pieces: Piece[] }>(index: TermIndex<T>, word: string): T[] {
  const exact = index.byWord.get(word) ?? [];
  const stems = index.stems.filter((term) => word.startsWith(term.pieces[0]!.text));
  return stems.length === 0 ? exact : [...exact, ...stems];
}

const TERMS = indexed(compile(WORD_LISTS));
const CUES = indexed(NEGATION_CUES.map((cue) => ({ pieces: parse(cue) })));

function fits(piece: Piece, word: string): boolean {
  return piece.stem ? word.startsWith(piece.text) : word === piece.text;
}

/** Whether `pieces` match the tokens from `at`, all in one clause. */
function matchesAt(tokens: Token[], at: number, pieces: Piece[]): boolean {
  if (at + pieces.length > tokens.length) return false;
  const clause = tokens[at]!.clause;
  return pieces.every((piece, i) => {
    const token = tokens[at + i]!;
    return token.clause === clause && fits(piece, token.word);
  });
}

/** A negation cue starts within the NEGATION_WINDOW words before `at`, in the same clause. */
function isNegated(tokens: Token[], at: number): boolean {
  const clause = tokens[at]!.clause;
  for (let i = Math.max(0, at - NEGATION_WINDOW); i < at; i += 1) {
    if (tokens[i]!.clause !== clause) continue;
    const cues = candidates(CUES, tokens[i]!.word);
    if (cues.some((cue) => i + cue.pieces.length <= at && matchesAt(tokens, i, cue.pieces))) return true;
  }
  return false;
}

export interface TextSignal {
  kind: StandupSignalKind;
  /** The words that raised it, as written, each once (compared without case and accents). */
  words: string[];
}

/**
 * The signals of some texts (a stand-up's did, will_do and blockers), one per kind found, in the
 * order of STANDUP_SIGNAL_KINDS. Where one place matches several terms of a kind, the longest wins.
 */
export function textSignals(texts: readonly string[]): TextSignal[] {
  const found = new Map<StandupSignalKind, Map<string, string>>();
  for (const text of texts) {
    const tokens = tokenize(text);
    // Slicing the original is exact when folding kept the length (it does for accents and case).
    const sameLength = fold(text).length === text.length;
    for (let at = 0; at < tokens.length; at += 1) {
      const matched = new Map<StandupSignalKind, number>();
      for (const term of candidates(TERMS, tokens[at]!.word)) {
        if (!matchesAt(tokens, at, term.pieces)) continue;
        matched.set(term.kind, Math.max(matched.get(term.kind) ?? 0, term.pieces.length));
      }
      if (matched.size === 0 || isNegated(tokens, at)) continue;
      for (const [kind, length] of matched) {
        const first = tokens[at]!;
        const last = tokens[at + length - 1]!;
        const written = sameLength
          ? text.slice(first.start, last.end)
          : tokens
              .slice(at, at + length)
              .map((token) => token.word)
              .join(' ');
        const words = found.get(kind) ?? new Map<string, string>();
        const key = fold(written);
        if (!words.has(key)) words.set(key, written);
        found.set(kind, words);
      }
    }
  }
  return STANDUP_SIGNAL_KINDS.filter((kind) => found.has(kind)).map((kind) => ({
    kind,
    words: [...found.get(kind)!.values()],
  }));
}
