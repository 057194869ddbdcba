/**
 * A seeded pseudo-random source (mulberry32): the generator's only source of chance, so one seed
 * always yields the same course. Never Math.random, never the clock.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((index) => items[index] as T);
  }

  /** `length` lowercase hex digits (commit hashes, salts). */
  hex(length: number): string {
    let text = '';
    while (text.length < length) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
}
