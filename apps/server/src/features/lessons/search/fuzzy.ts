import type { Language } from '@teamboard/contract';
import { foldAccents } from './analyzer.js';

/** Words shorter than this are never corrected: too many real words lie one letter apart. */
const MIN_LENGTH = 4;
/** From this length a word may be two edits away; shorter ones (4–7 letters) one. */
const TWO_EDITS_FROM = 8;

/** A word of the lessons near a misspelt query word, with the indexed term it stands for. */
export interface Correction {
  word: string;
  term: string;
  language: Language;
  distance: number;
}

/** How many edits a query word of this length may be from a lesson word (README.md, Typos). */
export function allowedEdits(length: number): number {
  if (length < MIN_LENGTH) return 0;
  return length < TWO_EDITS_FROM ? 1 : 2;
}

interface Bucket {
  words: string[];
  masks: Int32Array;
}

/**
 * The folded words of the indexed lessons, each with its term, for correcting misspelt query words.
 * Words are only added (a removed lesson's word stays, and the caller drops corrections whose term is
 * no longer indexed). Lookups scan the words of nearby lengths whose letter sets differ by at most the
 * letters an edit can change, then measure only those: a bounded search, rebuilt lazily after adds.
 */
export class FuzzyVocabulary {
  private readonly termOf = new Map<string, { term: string; language: Language }>();
  /** Words as written already added: most words of a collection repeat, and folding costs more. */
  private readonly written = new Set<string>();
  private buckets: Map<number, Bucket> | null = null;

  add(word: string, term: string, language: Language): void {
    if (word.length < MIN_LENGTH || this.written.has(word)) return;
    this.written.add(word);
    const folded = foldAccents(word);
    if (this.termOf.has(folded)) return;
    this.termOf.set(folded, { term, language });
    this.buckets = null;
  }

  /** The lesson words within the allowed edits of `word` (folded first), nearest first. */
  corrections(word: string): Correction[] {
    const folded = foldAccents(word);
    const edits = allowedEdits(folded.length);
    if (edits === 0) return [];
    const mask = letterMask(folded);
    const found: Correction[] = [];
    for (let length = folded.length - edits; length <= folded.length + edits; length++) {
      const bucket = this.bucketsByLength().get(length);
      if (!bucket) continue;
      bucket.words.forEach((candidate, position) => {
        if (popCount(mask ^ bucket.masks[position]!) > 2 * edits) return;
        const distance = boundedDamerauLevenshtein(folded, candidate, edits);
        if (distance > edits || distance === 0) return;
        found.push({ word: candidate, distance, ...this.termOf.get(candidate)! });
      });
    }
    return found.sort((a, b) => a.distance - b.distance);
  }

  private bucketsByLength(): Map<number, Bucket> {
    if (this.buckets) return this.buckets;
    const words = new Map<number, string[]>();
    for (const word of this.termOf.keys()) {
      const list = words.get(word.length) ?? [];
      list.push(word);
      words.set(word.length, list);
    }
    this.buckets = new Map(
      [...words].map(([length, list]) => [length, { words: list, masks: Int32Array.from(list, letterMask) }]),
    );
    return this.buckets;
  }
}

/** One bit per letter a–z (other characters share bit 26): an edit changes at most two bits. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i) - 97;
    mask |= 1 << (code >= 0 && code < 26 ? code : 26);
  }
  return mask;
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours), giving up with `bound + 1` as soon as every cell of a row exceeds `bound`. Hand-written
 * because the npm packages compute the full table with no bound, and most candidates fail early.
 */
export function boundedDamerauLevenshtein(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cell = Math.min(cell, beforePrevious[j - 2]! + 1);
      }
      current.push(cell);
      rowMinimum = Math.min(rowMinimum, cell);
    }
    if (rowMinimum > bound) return bound + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
