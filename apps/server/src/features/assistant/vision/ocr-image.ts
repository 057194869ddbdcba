import { AppError } from '../../../lib/app-error.js';
import { assertPixelsWithinCap, loadSharp, MAX_IMAGE_PIXELS, readImageHeader } from '../../../lib/sharp.js';
import type { OcrBox } from './ocr-types.js';

/** What tesseract reads: a greyscale PNG whose pixels are the coordinates of every box. */
export interface NormalisedImage {
  png: Buffer;
  width: number;
  height: number;
}

/** Tesseract reads text best at 20–40 px; a phone photo is scaled down, a small screenshot up. */
const MAX_LONG_SIDE = 2000;
const MIN_LONG_SIDE = 1000;
const MAX_UPSCALE = 2;
/** A dark box to lighten: each side at least this share of the image's long side, this share filled. */
const DARK_BOX_MIN_SIDE = 0.022;
const DARK_BOX_MIN_FILL = 0.6;
/** A dark area larger than this share of the image is the page itself (a dark theme): left alone. */
const DARK_BOX_MAX_SHARE = 0.25;

/**
 * Any of jpeg/png/gif/webp (first frame) → an upright greyscale PNG on white, its long side in range,
 * light text on dark boxes turned into dark text on white.
 */
export async function normaliseImage(image: Buffer): Promise<NormalisedImage> {
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

/** The image's pixels with the flood fill's scratch space. */
interface PixelGrid {
  width: number;
  height: number;
  isDark: (index: number) => boolean;
  seen: Uint8Array;
  stack: Int32Array;
}

/** 4-connected dark pixels from a start: the box around them and how many they are. */
interface DarkRegion {
  box: OcrBox;
  count: number;
}

/**
 * Boxes of dark pixels (darker than half the page's median) that are mostly filled, at least
 * DARK_BOX_MIN_SIDE of the long side on each side (a bold letter is not) and not a quarter of the page.
 */
function darkBoxes(pixels: Buffer, width: number, height: number): OcrBox[] {
  const threshold = Math.min(128, medianOf(pixels) / 2);
  const grid: PixelGrid = {
    width,
    height,
    isDark: (index) => (pixels[index] ?? 255) < threshold,
    seen: new Uint8Array(pixels.length),
    stack: new Int32Array(pixels.length),
  };
  const minSide = Math.max(8, DARK_BOX_MIN_SIDE * Math.max(width, height));
  const boxes: OcrBox[] = [];
  for (let start = 0; start < pixels.length; start += 1) {
    if (grid.seen[start] || !grid.isDark(start)) continue;
    const region = fillDarkRegion(grid, start);
    if (isDarkBox(region, minSide, pixels.length)) boxes.push(region.box);
  }
  return boxes;
}

/** A flood fill marking what it visits; an explicit stack, as recursion would overflow on a header bar. */
function fillDarkRegion(grid: PixelGrid, start: number): DarkRegion {
  const { width, height, isDark, seen, stack } = grid;
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
  return { box, count };
}

/** Big enough on each side, mostly filled, and a part of the page rather than its dark background. */
function isDarkBox({ box, count }: DarkRegion, minSide: number, pagePixels: number): boolean {
  const boxWidth = box.x1 - box.x0 + 1;
  const boxHeight = box.y1 - box.y0 + 1;
  const isFilled = count >= DARK_BOX_MIN_FILL * boxWidth * boxHeight;
  const isPart = boxWidth * boxHeight <= DARK_BOX_MAX_SHARE * pagePixels;
  return Math.min(boxWidth, boxHeight) >= minSide && isFilled && isPart;
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
