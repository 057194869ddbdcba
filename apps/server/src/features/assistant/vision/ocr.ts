import { access, copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { AppError } from '../../../lib/app-error.js';
import { assertPixelsWithinCap, loadSharp, MAX_IMAGE_PIXELS, readImageHeader } from '../../../lib/sharp.js';

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** Tesseract's confidence, 0–100. */
  confidence: number;
  box: OcrBox;
}

/** A run of words on one row with no wide gap inside (a nav row gives one line per link). */
export interface OcrLine {
  text: string;
  /** The mean confidence of its words, 0–100. */
  confidence: number;
  box: OcrBox;
  words: OcrWord[];
}

/** Boxes are in the pixels of the normalised image (EXIF-rotated, scaled): `width` × `height`. */
export interface OcrPage {
  width: number;
  height: number;
  /** In reading order: rows top to bottom, left to right within a row. */
  lines: OcrLine[];
}

export interface OcrOptions {
  /** For the worker's part (start, both passes); on expiry the worker is replaced. */
  timeoutMs?: number;
  /** A job still waiting in the queue is dropped once this aborts (the client went away). */
  signal?: AbortSignal;
}

export const DEFAULT_OCR_TIMEOUT_MS = 30_000;
const LANGUAGES = ['eng', 'spa'] as const;
/** LSTM-only data: a third of the size of the default and as good for printed and marker text. */
const TRAINED_DATA_FOLDER = '4.0.0_best_int';
/** Tesseract reads text best at 20–40 px; a phone photo is scaled down, a small screenshot up. */
const MAX_LONG_SIDE = 2000;
const MIN_LONG_SIDE = 1000;
const MAX_UPSCALE = 2;
/** A dark box to lighten: each side at least this share of the image's long side, this share filled. */
const DARK_BOX_MIN_SIDE = 0.022;
const DARK_BOX_MIN_FILL = 0.6;
/** A dark area larger than this share of the image is the page itself (a dark theme): left alone. */
const DARK_BOX_MAX_SHARE = 0.25;
/** Screen resolution: mockups are screenshots, photos are scaled to at most MAX_LONG_SIDE. */
const DOTS_PER_INCH = '96';
const MIN_WORD_CONFIDENCE = 30;
const MIN_LINE_CONFIDENCE = 40;
/** Tesseract fills wide gaps with dashes and bars it is not sure of; real punctuation scores higher. */
const MIN_PUNCTUATION_CONFIDENCE = 80;
/** A gap wider than this many typical word heights separates two lines (nav links, side-by-side notes). */
const GAP_SPLIT_FACTOR = 1.5;
/** A line of the second pass overlapping this share of a first-pass line is the same text. */
const SAME_TEXT_OVERLAP = 0.5;

const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const ALPHANUMERICS = /[\p{L}\p{N}]/gu;

interface NormalisedImage {
  png: Buffer;
  width: number;
  height: number;
}

type TesseractModule = typeof Tesseract;
let tesseract: Promise<TesseractModule> | undefined;

/** tesseract.js is loaded on the first image, not at start. */
function loadTesseract(): Promise<TesseractModule> {
  tesseract ??= import('tesseract.js').then((module) => module.default);
  return tesseract;
}

/**
 * OCR of English and Spanish text with its boxes, offline: one warm tesseract.js worker (a worker
 * thread, so the event loop stays free), started on the first image and reused; calls wait their
 * turn in a queue. close() is final: queued and later calls fail.
 */
export class OcrEngine {
  private worker: Promise<Tesseract.Worker> | null = null;
  private languageFolder: Promise<string> | null = null;
  private tail: Promise<void> = Promise.resolve();
  /** Aborted by close(): the job in progress fails at once instead of at its time-out. */
  private readonly closing = new AbortController();

  async recognize(image: Buffer, options: OcrOptions = {}): Promise<OcrPage> {
    const normalised = await normaliseImage(image);
    const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
    return this.enqueue(async () => {
      if (this.closing.signal.aborted || options.signal?.aborted)
        throw new AppError('ASSISTANT_ENGINE_FAILED');
      const lines = await this.readWithTimeout(normalised, timeoutMs);
      return { width: normalised.width, height: normalised.height, lines: readingOrder(lines) };
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.discardWorker();
    const folder = this.languageFolder;
    this.languageFolder = null;
    await folder?.then(
      (path) => rm(path, { recursive: true, force: true }),
      () => undefined,
    );
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async readWithTimeout(image: NormalisedImage, timeoutMs: number): Promise<OcrLine[]> {
    const work = this.ensureWorker().then((worker) => readTwice(worker, image));
    // Once the race is lost the work may still settle; its outcome no longer matters.
    work.catch(() => undefined);
    const limit = deadline(timeoutMs, this.closing.signal);
    try {
      return await Promise.race([work, limit.expired]);
    } catch (error) {
      // A worker that hung or failed cannot be trusted with the next image: the next call starts afresh.
      await this.discardWorker();
      throw error instanceof AppError ? error : new AppError('ASSISTANT_ENGINE_FAILED');
    } finally {
      limit.clear();
    }
  }

  private ensureWorker(): Promise<Tesseract.Worker> {
    if (this.closing.signal.aborted) return Promise.reject(new AppError('ASSISTANT_ENGINE_FAILED'));
    if (this.worker) return this.worker;
    // A failed preparation is retried by the next call rather than remembered.
    this.languageFolder ??= prepareLanguageFolder().catch((error: unknown) => {
      this.languageFolder = null;
      throw error;
    });
    const folder = this.languageFolder;
    this.worker = Promise.all([loadTesseract(), folder]).then(([module, langPath]) =>
      module.createWorker(LANGUAGES.join('+'), module.OEM.LSTM_ONLY, {
        // Never a CDN: the data ships in npm packages (docs/toolchain.md), nothing is cached to disk.
        langPath,
        gzip: true,
        cacheMethod: 'none',
        // Without a handler tesseract.js rethrows a job's failure in its message listener, which
        // would crash the process; the failure still reaches the job's promise.
        errorHandler: () => undefined,
      }),
    );
    return this.worker;
  }

  private async discardWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // A worker still starting is ended once it has started.
    await worker.then(
      (started) => started.terminate(),
      () => undefined,
    );
  }
}

/** A promise that fails after `ms` or when `signal` aborts, whichever is first; clear() disarms it. */
function deadline(ms: number, signal: AbortSignal): { expired: Promise<never>; clear: () => void } {
  let fail = () => undefined as void;
  const expired = new Promise<never>((_, reject) => {
    fail = () => reject(new AppError('ASSISTANT_ENGINE_FAILED'));
  });
  const timer = setTimeout(fail, ms);
  signal.addEventListener('abort', fail, { once: true });
  return {
    expired,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', fail);
    },
  };
}

/**
 * tesseract.js reads every language from one folder, but each language ships in its own package:
 * a private temporary folder links both (copies where links are not allowed).
 */
async function prepareLanguageFolder(): Promise<string> {
  const require = createRequire(import.meta.url);
  const folder = await mkdtemp(path.join(tmpdir(), 'teamboard-ocr-'));
  for (const language of LANGUAGES) {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const file = `${language}.traineddata.gz`;
    const source = path.join(packageDir, TRAINED_DATA_FOLDER, file);
    // Checked here: a missing file would otherwise fail inside the worker, far from its cause.
    await access(source);
    await symlink(source, path.join(folder, file)).catch(() => copyFile(source, path.join(folder, file)));
  }
  return folder;
}

/**
 * Any of jpeg/png/gif/webp (first frame) → an upright greyscale PNG on white, its long side in range,
 * light text on dark boxes turned into dark text on white.
 */
async function normaliseImage(image: Buffer): Promise<NormalisedImage> {
  const header = await readImageHeader(image);
  if (!header) throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  assertPixelsWithinCap(header);
  const sharp = await loadSharp();
  const longSide = Math.max(header.width, header.height);
  const target = Math.round(
    longSide * Math.min(MAX_UPSCALE, clamp(longSide, MIN_LONG_SIDE, MAX_LONG_SIDE) / longSide),
  );
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      // Transparent pixels would turn black in greyscale and hide dark text.
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize({ width: target, height: target, fit: 'inside' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    await lightenDarkBoxes(data, info.width, info.height);
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
    return { png, width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  }
}

/**
 * Tesseract takes a filled dark box (a button, a header bar) for a picture and skips the light text
 * on it. Each such box is inverted and stretched so its background turns white and its text dark.
 * The boxes are found on a half-size copy: a quarter of the work on the event loop.
 */
async function lightenDarkBoxes(pixels: Buffer, width: number, height: number): Promise<void> {
  const sharp = await loadSharp();
  const half = { width: Math.max(1, Math.round(width / 2)), height: Math.max(1, Math.round(height / 2)) };
  const small = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .resize(half.width, half.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const scaleX = width / half.width;
  const scaleY = height / half.height;
  for (const box of darkBoxes(small, half.width, half.height)) {
    lightenBox(pixels, width, {
      x0: Math.floor(box.x0 * scaleX),
      y0: Math.floor(box.y0 * scaleY),
      x1: Math.min(width - 1, Math.ceil((box.x1 + 1) * scaleX) - 1),
      y1: Math.min(height - 1, Math.ceil((box.y1 + 1) * scaleY) - 1),
    });
  }
}

/**
 * Boxes of dark pixels (darker than half the page's median) that are mostly filled, at least
 * DARK_BOX_MIN_SIDE of the long side on each side (a bold letter is not) and not a quarter of the page.
 */
function darkBoxes(pixels: Buffer, width: number, height: number): OcrBox[] {
  const threshold = Math.min(128, medianOf(pixels) / 2);
  const isDark = (index: number) => (pixels[index] ?? 255) < threshold;
  const seen = new Uint8Array(pixels.length);
  const stack = new Int32Array(pixels.length);
  const minSide = Math.max(8, DARK_BOX_MIN_SIDE * Math.max(width, height));
  const boxes: OcrBox[] = [];
  for (let start = 0; start < pixels.length; start += 1) {
    if (seen[start] || !isDark(start)) continue;
    seen[start] = 1;
    stack[0] = start;
    let top = 1;
    let count = 0;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    const visit = (next: number) => {
      if (seen[next] || !isDark(next)) return;
      seen[next] = 1;
      stack[top++] = next;
    };
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % width;
      const y = (index - x) / width;
      count += 1;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      if (x > 0) visit(index - 1);
      if (x < width - 1) visit(index + 1);
      if (y > 0) visit(index - width);
      if (y < height - 1) visit(index + width);
    }
    const boxWidth = box.x1 - box.x0 + 1;
    const boxHeight = box.y1 - box.y0 + 1;
    const isFilled = count >= DARK_BOX_MIN_FILL * boxWidth * boxHeight;
    const isPart = boxWidth * boxHeight <= DARK_BOX_MAX_SHARE * pixels.length;
    if (Math.min(boxWidth, boxHeight) >= minSide && isFilled && isPart) boxes.push(box);
  }
  return boxes;
}

/** Inverted, then stretched so the box's own background (its median) becomes white. */
function lightenBox(pixels: Buffer, width: number, box: OcrBox): void {
  const indexes: number[] = [];
  for (let y = box.y0; y <= box.y1; y += 1) {
    for (let x = box.x0; x <= box.x1; x += 1) indexes.push(y * width + x);
  }
  const background = 255 - medianOf(indexes.map((index) => pixels[index]!));
  const stretch = 255 / Math.max(1, background);
  for (const index of indexes) pixels[index] = clamp(Math.round((255 - pixels[index]!) * stretch), 0, 255);
}

/** The median of 0–255 values, from their histogram. */
function medianOf(values: ArrayLike<number>): number {
  const histogram = new Uint32Array(256);
  for (let index = 0; index < values.length; index += 1) histogram[values[index]!]! += 1;
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += histogram[value]!;
    if (seen >= values.length / 2) return value;
  }
  return 255;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Two passes: the automatic layout finds text inside framed boxes (buttons), the sparse one finds
 * scattered text (nav links, notes) the layout pass merged or missed; the second only fills gaps.
 */
async function readTwice(worker: Tesseract.Worker, image: NormalisedImage): Promise<OcrLine[]> {
  const layout = await readPass(worker, image, '3');
  const sparse = await readPass(worker, image, '11');
  return [
    ...layout,
    ...sparse.filter((line) => !layout.some((seen) => overlapShare(seen.box, line.box) >= SAME_TEXT_OVERLAP)),
  ];
}

/** One pass with a page segmentation mode: '3' automatic, '11' sparse text. */
async function readPass(
  worker: Tesseract.Worker,
  image: NormalisedImage,
  mode: '3' | '11',
): Promise<OcrLine[]> {
  // A stated resolution: tesseract would otherwise guess it from the PNG and print a warning.
  await worker.setParameters({
    tessedit_pageseg_mode: mode as Tesseract.PSM,
    user_defined_dpi: DOTS_PER_INCH,
  });
  const { data } = await worker.recognize(image.png, {}, { blocks: true, text: false });
  const rawLines = (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines),
  );
  return rawLines.flatMap((line) => splitAtGaps(cleanWords(line.words))).filter(isReadable);
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

/** The share of the smaller box that the two boxes have in common (0–1). */
function overlapShare(a: OcrBox, b: OcrBox): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return 0;
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 ? (width * height) / smaller : 0;
}

function area(box: OcrBox): number {
  return (box.x1 - box.x0) * (box.y1 - box.y0);
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
