const ELLIPSIS = '...';

/** Shortens `text` to at most `max` characters, replacing the tail with three dots (docs/spec.md §9). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, max);
  return text.slice(0, max - ELLIPSIS.length) + ELLIPSIS;
}
