import type SharpFn from 'sharp';
import { AppError } from './app-error.js';
import { loadOnFirstUse } from './load-on-first-use.js';

/** sharp (libvips, ~28 MB resident) is loaded on the first image, not at start. */
export const loadSharp: () => Promise<typeof SharpFn> = loadOnFirstUse(() =>
  import('sharp').then((module) => module.default),
);

/**
 * A few kilobytes of PNG can declare 100,000 × 100,000 pixels and need 40 GB once decoded
 * (decompression bombs): anything above this is refused from its header, before decoding.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/**
 * Format and dimensions read from the header alone (nothing is decoded); null when unreadable. The
 * image is bytes in memory or a file's path, which libvips reads itself (only the header).
 */
export async function readImageHeader(image: Buffer | string): Promise<ImageHeader | null> {
  const sharp = await loadSharp();
  try {
    const { format, width, height } = await sharp(image, { limitInputPixels: false }).metadata();
    return format && width && height ? { format, width, height } : null;
  } catch {
    return null;
  }
}

/** IMAGE_TOO_LARGE (422, naming the cap) for an image over MAX_IMAGE_MEGAPIXELS. */
export function assertPixelsWithinCap(header: ImageHeader): void {
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw new AppError('IMAGE_TOO_LARGE', undefined, { max: MAX_IMAGE_MEGAPIXELS });
  }
}
