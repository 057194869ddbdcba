import type Tesseract from 'tesseract.js';
import type { OcrBox, OcrLine, OcrWord } from './ocr-types.js';

const MIN_WORD_CONFIDENCE = 30;
const MIN_LINE_CONFIDENCE = 40;
/** Tesseract fills wide gaps with dashes and bars it is not sure of; real punctuation scores higher. */
const MIN_PUNCTUATION_CONFIDENCE = 80;
/** A gap wider than this many typical word heights separates two lines (nav links, side-by-side notes). */
const GAP_SPLIT_FACTOR = 1.5;

const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const ALPHANUMERICS = /[\p{L}\p{N}]/gu;

/** Tesseract's words of one line as our lines: cleaned, cut at wide gaps, the unreadable dropped. */
export function readableLines(words: Tesseract.Word[]): OcrLine[] {
  return splitAtGaps(cleanWords(words)).filter(isReadable);
}

/** Rows top to bottom (a line whose middle lies within a row's first line joins it), each left to right. */
export function readingOrder<T extends { box: OcrBox }>(lines: readonly T[]): T[] {
  const rows: T[][] = [];
  for (const line of [...lines].sort((a, b) => a.box.y0 - b.box.y0)) {
    const row = rows.at(-1);
    const first = row?.[0];
    const middle = (line.box.y0 + line.box.y1) / 2;
    if (row && first && middle >= first.box.y0 && middle <= first.box.y1) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
}

function cleanWords(words: Tesseract.Word[]): OcrWord[] {
  return words
    .map((word) => ({
      // A lone bar is almost always a capital I ("As a student | want").
      text: word.text.trim() === '|' ? 'I' : word.text.trim(),
      confidence: word.confidence,
      box: { x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1 },
    }))
    .filter((word) => word.text !== '' && word.confidence >= MIN_WORD_CONFIDENCE)
    .filter((word) => ALPHANUMERIC.test(word.text) || word.confidence >= MIN_PUNCTUATION_CONFIDENCE);
}

/** Tesseract's line can span a whole row ("Acme Portal  Home  Pricing"): wide gaps cut it. */
function splitAtGaps(words: OcrWord[]): OcrLine[] {
  const gapLimit = GAP_SPLIT_FACTOR * typicalHeight(words);
  const runs: OcrWord[][] = [];
  for (const word of words) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && word.box.x0 - previous.box.x1 <= gapLimit) run.push(word);
    else runs.push([word]);
  }
  return runs.map(toLine);
}

/** The median height of the words with letters or digits (punctuation is flat). */
function typicalHeight(words: OcrWord[]): number {
  const heights = words
    .filter((word) => ALPHANUMERIC.test(word.text))
    .map((word) => word.box.y1 - word.box.y0)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

function toLine(words: OcrWord[]): OcrLine {
  return {
    text: words.map((word) => word.text).join(' '),
    confidence: words.reduce((sum, word) => sum + word.confidence, 0) / words.length,
    box: {
      x0: Math.min(...words.map((word) => word.box.x0)),
      y0: Math.min(...words.map((word) => word.box.y0)),
      x1: Math.max(...words.map((word) => word.box.x1)),
      y1: Math.max(...words.map((word) => word.box.y1)),
    },
    words,
  };
}

/** Confident enough, and at least two letters or digits: a lone character is mostly noise or an icon. */
function isReadable(line: OcrLine): boolean {
  return line.confidence >= MIN_LINE_CONFIDENCE && (line.text.match(ALPHANUMERICS) ?? []).length >= 2;
}
