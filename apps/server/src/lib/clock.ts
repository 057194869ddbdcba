/** The source of "now", injected so tests can move time (token expiry, rate-limit windows). */
export interface Clock {
  now(): Date;
  /** Resolves once `ms` have passed on this clock (a slowed sign-in waits through it). */
  wait(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that only moves when told to, or when something waits on it. */
export class ManualClock implements Clock {
  private current: number;
  /** Every wait so far, in order: tests read how long the app made a request wait. */
  readonly waits: number[] = [];

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  /** Moves the clock on by `ms` at once: the wait is real to the app, instant to the test. */
  async wait(ms: number): Promise<void> {
    this.waits.push(ms);
    this.advance(ms);
  }
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
