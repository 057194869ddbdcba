import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Words per streamed piece of an offline answer: small enough to read as streaming, few writes. */
const WORDS_PER_PIECE = 4;

/** The pieces an already complete answer is streamed in, whitespace kept (joined, they are the text). */
export function pieces(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  const result: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_PIECE) {
    result.push(words.slice(index, index + WORDS_PER_PIECE).join(''));
  }
  if (leading && result.length > 0) result[0] = leading + result[0];
  return result.length > 0 ? result : [text];
}

/** Streams a complete answer, letting the other slots' pieces interleave. */
export async function streamText(
  text: string,
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  for (const piece of pieces(text)) {
    if (signal.aborted) return;
    onDelta(piece);
    await yieldToEventLoop();
  }
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordSet(text: string): Set<string> {
  return new Set(
    Array.from(text.toLowerCase().matchAll(WORD), (match) => match[0]).filter((word) => word.length > 2),
  );
}

/** Two tips that share most of their words say the same thing (Jaccard similarity). */
export const NEAR_DUPLICATE = 0.6;

export function isNearDuplicate(text: string, others: readonly string[]): boolean {
  const words = wordSet(text);
  if (words.size === 0) return false;
  return others.some((other) => {
    const otherWords = wordSet(other);
    let shared = 0;
    for (const word of words) if (otherWords.has(word)) shared += 1;
    const union = words.size + otherWords.size - shared;
    return union > 0 && shared / union >= NEAR_DUPLICATE;
  });
}
