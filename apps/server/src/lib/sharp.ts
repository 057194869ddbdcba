import type SharpFn from 'sharp';

let sharp: Promise<typeof SharpFn> | undefined;

/** sharp (libvips, ~28 MB resident) is loaded on the first image, not at start. */
export function loadSharp(): Promise<typeof SharpFn> {
  sharp ??= import('sharp').then((module) => module.default);
  return sharp;
}
