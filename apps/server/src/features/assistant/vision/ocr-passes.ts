import type Tesseract from 'tesseract.js';
import { AppError } from '../../../lib/app-error.js';
import type { NormalisedImage } from './ocr-image.js';
import { readableLines } from './ocr-lines.js';
import type { OcrBox, OcrLine } from './ocr-types.js';

/** Screen resolution: mockups are screenshots, photos are scaled to at most MAX_LONG_SIDE (ocr-image.ts). */
const DOTS_PER_INCH = '96';
/** A line of the second pass overlapping this share of a first-pass line is the same text. */
const SAME_TEXT_OVERLAP = 0.5;

/**
 * Two passes: the automatic layout finds text inside framed boxes (buttons), the sparse one finds
 * scattered text (nav links, notes) the layout pass merged or missed; the second only fills gaps.
 */
export async function readTwice(
  worker: Tesseract.Worker,
  image: NormalisedImage,
  signal: AbortSignal,
): Promise<OcrLine[]> {
  const layout = await readPass(worker, image, '3', signal);
  const sparse = await readPass(worker, image, '11', signal);
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
  signal: AbortSignal,
): Promise<OcrLine[]> {
  stopIfAbandoned(signal);
  // A stated resolution: tesseract would otherwise guess it from the PNG and print a warning.
  await worker.setParameters({
    tessedit_pageseg_mode: mode as Tesseract.PSM,
    user_defined_dpi: DOTS_PER_INCH,
  });
  stopIfAbandoned(signal);
  const { data } = await worker.recognize(image.png, {}, { blocks: true, text: false });
  const rawLines = (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines),
  );
  return rawLines.flatMap((line) => readableLines(line.words));
}

/**
 * A job given up on (its time-out, close()) must not call its worker again: the worker is being
 * terminated, and tesseract.js then throws outside any promise of ours (an unhandled rejection).
 */
function stopIfAbandoned(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('ASSISTANT_ENGINE_FAILED');
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
