/*
 * What one socket, and one user across all their sockets, may ask of the server (issue 13: a single
 * socket emitting 20,000 board:join kept every HTTP request waiting 12–19 s). Each client→server
 * message takes a token from both buckets; a message without one is answered RATE_LIMITED at once,
 * before any database work. A socket refused too often in a short window is disconnected.
 * The figures fit the web app with room to spare: it sends one join per board opened and one leave
 * per board left.
 */
export const SOCKET_MESSAGES_PER_SECOND = 5;
export const SOCKET_MESSAGE_BURST = 20;
/** The user's default (SOCKET_USER_MESSAGES_PER_SECOND); the burst is three seconds' worth. */
export const USER_MESSAGES_PER_SECOND = 20;
const USER_BURST_SECONDS = 3;
export const USER_MESSAGE_BURST = USER_MESSAGES_PER_SECOND * USER_BURST_SECONDS;
/** Refusals within REFUSAL_WINDOW_MS that get the socket disconnected. */
export const REFUSALS_BEFORE_DISCONNECT = 50;
export const REFUSAL_WINDOW_MS = 10_000;

/** A token bucket: `burst` tokens, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  take(now: number): boolean {
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsedSeconds * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type MessageVerdict = 'accept' | 'refuse' | 'disconnect';

interface UserAllowance {
  bucket: TokenBucket;
  sockets: number;
}

/** The buckets of every socket on this instance, and of their users. */
export class MessageLimits {
  private readonly users = new Map<number, UserAllowance>();

  constructor(
    private readonly userPerSecond = USER_MESSAGES_PER_SECOND,
    private readonly now: () => number = Date.now,
  ) {}

  /** A socket of `userId` connected: its own allowance, sharing the user's. */
  open(userId: number): SocketAllowance {
    const now = this.now();
    let user = this.users.get(userId);
    if (!user) {
      const burst = this.userPerSecond * USER_BURST_SECONDS;
      user = { bucket: new TokenBucket(this.userPerSecond, burst, now), sockets: 0 };
      this.users.set(userId, user);
    }
    user.sockets += 1;
    const shared = user;
    return new SocketAllowance(shared.bucket, this.now, () => {
      shared.sockets -= 1;
      if (shared.sockets === 0) this.users.delete(userId);
    });
  }
}

export class SocketAllowance {
  private readonly own: TokenBucket;
  private refusals: number[] = [];

  constructor(
    private readonly user: TokenBucket,
    private readonly now: () => number,
    /** Called once, when the socket is gone. */
    readonly close: () => void,
  ) {
    this.own = new TokenBucket(SOCKET_MESSAGES_PER_SECOND, SOCKET_MESSAGE_BURST, now());
  }

  /** Takes from the socket's bucket, then the user's; says what to do with the message. */
  check(): MessageVerdict {
    const now = this.now();
    if (this.own.take(now) && this.user.take(now)) return 'accept';
    this.refusals = this.refusals.filter((at) => now - at < REFUSAL_WINDOW_MS);
    this.refusals.push(now);
    return this.refusals.length >= REFUSALS_BEFORE_DISCONNECT ? 'disconnect' : 'refuse';
  }
}
