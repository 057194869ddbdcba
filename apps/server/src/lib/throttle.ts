import { AppError } from './app-error.js';
import type { Clock } from './clock.js';

/**
 * Counts events per key in fixed windows: in this process (MemoryThrottle), or in Redis when
 * REDIS_URL is set (RedisThrottle, lib/redis-throttle.ts), so every instance shares each count.
 * A window starts with the first event of its key and lasts the `windowMs` given with that event.
 */
export interface Throttle {
  /** Counts one event; answers false when the key is now over `limit` in this window. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Counts one event; answers the key's count in its window, this event included. */
  add(key: string, windowMs: number): Promise<number>;
  /** The events counted for the key in its current window (0 when it has none). */
  count(key: string): Promise<number>;
  /** True when the key has used up `limit` events in the current window (does not count). */
  isExhausted(key: string, limit: number): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** Takes back one event `add` counted, when it turned out not to count (its window still runs). */
  takeBack(key: string): Promise<void>;
  /**
   * Counts one event against every limit, or against none when any of them is used up, so a
   * refused event spends no one's allowance.
   */
  hitAll(limits: Limit[]): Promise<boolean>;
}

/** One cap: at most `limit` events per `windowMs` for `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * The shared counters could not be read or written (Redis unreachable). Uncaught, the request is
 * answered 503 — the limit fails closed; a caller that may go on without its count catches it
 * (docs/security.md, Shared limits, says which do).
 */
export class ThrottleUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE');
    this.cause = cause;
  }
}

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The in-process counters, on the injected clock (tests move time with it). Not the library's
 * RateLimiterMemory: that one keeps real time with timers, which a test's ManualClock cannot move.
 */
export class MemoryThrottle implements Throttle {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    return this.addNow(key, windowMs) <= limit;
  }

  async add(key: string, windowMs: number): Promise<number> {
    return this.addNow(key, windowMs);
  }

  async count(key: string): Promise<number> {
    return this.countNow(key);
  }

  async isExhausted(key: string, limit: number): Promise<boolean> {
    return this.countNow(key) >= limit;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async takeBack(key: string): Promise<void> {
    const window = this.liveWindow(key, this.clock.now().getTime());
    if (window) window.count = Math.max(0, window.count - 1);
  }

  /** Checks and counts without yielding, hence atomically within the process. */
  async hitAll(limits: Limit[]): Promise<boolean> {
    if (limits.some(({ key, limit }) => this.countNow(key) >= limit)) return false;
    for (const { key, windowMs } of limits) this.addNow(key, windowMs);
    return true;
  }

  private addNow(key: string, windowMs: number): number {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const current = this.liveWindow(key, now) ?? { count: 0, endsAt: now + windowMs };
    current.count += 1;
    this.windows.set(key, current);
    return current.count;
  }

  private countNow(key: string): number {
    return this.liveWindow(key, this.clock.now().getTime())?.count ?? 0;
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
