import { applyBoardEvent, type BoardDetail, type BoardEvent } from '@teamboard/contract';

/** How long a gap waits for the missing events: two server instances may deliver out of order. */
export const GAP_TIMEOUT_MS = 1000;
/** A board that stays behind after a refetch (server down) is retried less and less often. */
const MAX_RETRY_MS = 30_000;
/** Events kept to reapply when the cache goes back to an older copy of the board. */
const RECENT_LIMIT = 200;

export interface Timer {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const browserTimer: Timer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BoardSequencerDeps {
  boardId: number;
  /** The cached board; undefined until it has been fetched. */
  read(): BoardDetail | undefined;
  write(board: BoardDetail): void;
  /** Fetches the board again into the cache; settles when done. */
  refetch(): Promise<unknown>;
  /** This tab caused it (see is-own-echo.ts): it is skipped, but still advances the version. */
  isOwnEcho(event: BoardEvent): boolean;
  /** Told about every event that was applied, to update the caches beyond the board. */
  onApplied(event: BoardEvent): void;
  timer?: Timer;
  gapTimeoutMs?: number;
}

/**
 * Applies one board's events to its cached copy in `seq` order, exactly once each: older ones are
 * already in the copy, a gap waits briefly for the missing ones and otherwise refetches. The board
 * is never left silently stale. Call `flush()` whenever the cached board changes.
 */
export class BoardSequencer {
  private readonly deps: BoardSequencerDeps;
  private readonly timer: Timer;
  private readonly gapTimeoutMs: number;
  private readonly pending = new Map<number, BoardEvent>();
  /** Seqs to apply even if they are this tab's echo: the cache lost the change it had made. */
  private readonly replays = new Set<number>();
  private readonly recent: BoardEvent[] = [];
  /** The highest version the cache has held while watched: lower later means it went back. */
  private highestVersion = 0;
  /** The server's version at the last join. */
  private knownVersion = 0;
  private retryMs: number;
  private timerHandle: unknown = null;
  private isRefetching = false;
  private isFlushing = false;
  private isDisposed = false;

  constructor(deps: BoardSequencerDeps) {
    this.deps = deps;
    this.timer = deps.timer ?? browserTimer;
    this.gapTimeoutMs = deps.gapTimeoutMs ?? GAP_TIMEOUT_MS;
    this.retryMs = this.gapTimeoutMs;
  }

  receive(event: BoardEvent): void {
    if (this.isDisposed || event.board_id !== this.deps.boardId) return;
    if (event.type === 'board.deleted') {
      // Final, whatever came before it: there is no board left to bring up to date.
      if (!this.deps.isOwnEcho(event)) this.deps.onApplied(event);
      this.dispose();
      return;
    }
    this.pending.set(event.seq, event);
    this.recent.push(event);
    if (this.recent.length > RECENT_LIMIT) this.recent.shift();
    this.flush();
  }

  /** The join was acknowledged at the server's `version`: a copy older than that is refetched. */
  joined(version: number): void {
    if (this.isDisposed) return;
    this.knownVersion = Math.max(this.knownVersion, version);
    this.flush();
    const board = this.deps.read();
    if (board !== undefined && board.version < version) this.refetchNow();
  }

  flush(): void {
    // Our own write() changes the cache, which calls flush() again: nothing to do then.
    if (this.isDisposed || this.isFlushing) return;
    const board = this.deps.read();
    if (board === undefined) return;
    this.isFlushing = true;
    try {
      if (board.version < this.highestVersion) this.replayAfter(board.version);
      const { next, applied } = this.applyInOrder(board);
      this.highestVersion = Math.max(this.highestVersion, next.version);
      if (next !== board) this.deps.write(next);
      applied.forEach((event) => this.deps.onApplied(event));
      this.watchGap(next.version);
    } finally {
      this.isFlushing = false;
    }
  }

  dispose(): void {
    this.isDisposed = true;
    this.clearTimer();
    this.pending.clear();
  }

  /**
   * The cache went back to an older copy (a refetch that read before our last events, a rolled-back
   * optimistic change): the events since that copy are applied again, this tab's own included.
   */
  private replayAfter(version: number): void {
    for (const event of this.recent) {
      if (event.seq <= version) continue;
      this.pending.set(event.seq, event);
      this.replays.add(event.seq);
    }
    this.highestVersion = version;
  }

  private applyInOrder(board: BoardDetail): { next: BoardDetail; applied: BoardEvent[] } {
    for (const seq of this.pending.keys()) {
      if (seq > board.version) continue;
      this.pending.delete(seq);
      this.replays.delete(seq);
    }
    let next = board;
    const applied: BoardEvent[] = [];
    for (let event = this.pending.get(next.version + 1); event; event = this.pending.get(next.version + 1)) {
      this.pending.delete(event.seq);
      const isReplay = this.replays.delete(event.seq);
      if (isReplay || !this.deps.isOwnEcho(event)) {
        next = applyBoardEvent(next, event);
        applied.push(event);
      }
      next = { ...next, version: event.seq };
    }
    return { next, applied };
  }

  private watchGap(version: number): void {
    const isBehind = this.pending.size > 0 || version < this.knownVersion;
    if (!isBehind) {
      this.clearTimer();
      this.retryMs = this.gapTimeoutMs;
      return;
    }
    if (this.timerHandle !== null || this.isRefetching) return;
    this.timerHandle = this.timer.set(() => {
      this.timerHandle = null;
      this.refetchNow();
    }, this.retryMs);
  }

  private refetchNow(): void {
    this.clearTimer();
    if (this.isRefetching || this.isDisposed) return;
    this.isRefetching = true;
    this.deps
      .refetch()
      .catch(() => undefined)
      .finally(() => {
        this.isRefetching = false;
        // Only matters if the copy is still behind; catching up resets it (watchGap).
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
        this.flush();
      });
  }

  private clearTimer(): void {
    if (this.timerHandle === null) return;
    this.timer.clear(this.timerHandle);
    this.timerHandle = null;
  }
}
