import type { Clock } from './clock.js';

/** Counts events per key in fixed windows. In memory now; a Redis version can share counts later. */
export interface Throttle {
  /** Counts one event; answers false when the key is already over `limit` in this window. */
  hit(key: string, limit: number, windowMs: number): boolean;
  /** The events counted for the key in its current window (0 when it has none). */
  count(key: string): number;
  /** True when the key has used up `limit` events in the current window (does not count). */
  isExhausted(key: string, limit: number): boolean;
  reset(key: string): void;
}

/** One cap: at most `limit` events per `windowMs` for `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one event against every limit, or against none when any of them is used up, so a refused
 * event spends no one's allowance. Synchronous, hence atomic within the process.
 */
export function hitAll(throttle: Throttle, limits: Limit[]): boolean {
  if (limits.some(({ key, limit }) => throttle.isExhausted(key, limit))) return false;
  for (const { key, limit, windowMs } of limits) throttle.hit(key, limit, windowMs);
  return true;
}

interface Window {
  count: number;
  endsAt: number;
}

export class MemoryThrottle implements Throttle {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const current = this.liveWindow(key, now) ?? { count: 0, endsAt: now + windowMs };
    current.count += 1;
    this.windows.set(key, current);
    return current.count <= limit;
  }

  count(key: string): number {
    return this.liveWindow(key, this.clock.now().getTime())?.count ?? 0;
  }

  isExhausted(key: string, limit: number): boolean {
    return this.count(key) >= limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private liveWindow(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.endsAt > now ? window : undefined;
  }

  /** Drops ended windows once a minute so the map cannot grow without bound. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
