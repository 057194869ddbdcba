import type { Language, TextSegment } from '@teamboard/contract';
import { analyzeWord, wordSpans, type WordSpan } from './analyzer.js';
import { stripMarkdown } from './markdown.js';

const DEFAULT_SNIPPET_CHARS = 220;
const ELLIPSIS = '…';
/** Context kept before the first matched word of a snippet, so it does not open on the match. */
const LEAD_CHARS = 40;
const TRAILING_PUNCTUATION = /^[^\s\p{L}\p{N}]+/u;

/**
 * `text` split at the words whose analyzed form (in the lesson's language) is one of `matchedTerms`.
 * The segments rejoin to `text` exactly; neighbours of the same kind are merged.
 */
export function highlightSegments(
  text: string,
  language: Language,
  matchedTerms: readonly string[],
): TextSegment[] {
  return segmentsOf(text, matchedSpans(wordSpans(text), language, matchedTerms));
}

/**
 * The best window (about `maxChars`) of Markdown `text`, stripped of its syntax, with the matched words
 * marked: the window holding the most distinct matched terms, cut on word boundaries with '…' where
 * cut. When nothing matches, the start of the text.
 */
export function snippetSegments(
  text: string,
  language: Language,
  matchedTerms: readonly string[],
  maxChars = DEFAULT_SNIPPET_CHARS,
): TextSegment[] {
  const plain = stripMarkdown(text);
  if (plain.length <= maxChars) return highlightSegments(plain, language, matchedTerms);
  const words = wordSpans(plain);
  const matched = matchedSpans(words, language, matchedTerms);
  const window = wordAlignedWindow(plain, words, bestWindowStart(matched, plain.length, maxChars), maxChars);
  const cut = plain.slice(window.start, window.end);
  // The window opens and closes on word boundaries, so its words are the text's words in it: their
  // analysis is reused. Only a window cut inside a word (no whole word fits) is analyzed again.
  const inner = window.aligned
    ? segmentsOf(
        cut,
        matched
          .filter((span) => span.start >= window.start && span.end <= window.end)
          .map((span) => ({ ...span, start: span.start - window.start, end: span.end - window.start })),
      )
    : highlightSegments(cut, language, matchedTerms);
  const prefix = window.start > 0 ? [{ text: ELLIPSIS, match: false }] : [];
  const suffix = window.end < plain.length ? [{ text: ELLIPSIS, match: false }] : [];
  return mergeNeighbours([...prefix, ...inner, ...suffix]);
}

interface MatchedSpan extends WordSpan {
  term: string;
}

function matchedSpans(
  words: readonly WordSpan[],
  language: Language,
  matchedTerms: readonly string[],
): MatchedSpan[] {
  const wanted = new Set(matchedTerms);
  const spans: MatchedSpan[] = [];
  if (wanted.size === 0) return spans;
  for (const span of words) {
    const term = analyzeWord(span.word, language);
    if (term && wanted.has(term)) spans.push({ ...span, term });
  }
  return spans;
}

/** Where the window with the most distinct matched terms (then the most matches) starts. */
function bestWindowStart(matched: readonly MatchedSpan[], length: number, maxChars: number): number {
  let best = { start: 0, distinct: 0, count: 0 };
  for (const anchor of matched) {
    const start = Math.min(Math.max(0, anchor.start - LEAD_CHARS), Math.max(0, length - maxChars));
    const inside = matched.filter((span) => span.start >= start && span.end <= start + maxChars);
    const distinct = new Set(inside.map((span) => span.term)).size;
    if (distinct > best.distinct || (distinct === best.distinct && inside.length > best.count)) {
      best = { start, distinct, count: inside.length };
    }
  }
  return best.start;
}

/**
 * The window moved onto word boundaries: it opens on a whole word and closes after one, keeping the
 * punctuation stuck to that word ("acta." rather than "acta…" at the end of the text).
 */
function wordAlignedWindow(text: string, words: readonly WordSpan[], start: number, maxChars: number) {
  const first = words.find((word) => word.start >= start) ?? words[0];
  const from = start === 0 || !first ? 0 : first.start;
  const inside = words.filter((word) => word.start >= from && word.end <= from + maxChars);
  const last = inside[inside.length - 1];
  if (!last) return { start: from, end: Math.min(from + maxChars, text.length), aligned: false };
  const trailing = TRAILING_PUNCTUATION.exec(text.slice(last.end, last.end + 64))?.[0] ?? '';
  return { start: from, end: last.end + trailing.length, aligned: true };
}

function segmentsOf(text: string, matched: readonly WordSpan[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let position = 0;
  for (const span of matched) {
    if (span.start > position) segments.push({ text: text.slice(position, span.start), match: false });
    segments.push({ text: text.slice(span.start, span.end), match: true });
    position = span.end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), match: false });
  return mergeNeighbours(segments);
}

function mergeNeighbours(segments: readonly TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const previous = merged[merged.length - 1];
    if (previous && previous.match === segment.match) previous.text += segment.text;
    else if (segment.text.length > 0) merged.push({ ...segment });
  }
  return merged;
}
