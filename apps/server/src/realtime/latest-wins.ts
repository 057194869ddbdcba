/**
 * Runs a socket's room changes one at a time (issue 13: at most one join in flight per socket).
 * While one runs, only the latest request waits; one it replaces is answered `superseded` at once.
 * So a burst of joins costs one database check in flight, and a quick "leave A, join B" still ends
 * in B, in the order it was asked.
 */
export class LatestWins {
  private running = false;
  private waiting: { run: () => Promise<void>; superseded: () => void } | null = null;

  submit(run: () => Promise<void>, superseded: () => void): void {
    if (this.running) {
      this.waiting?.superseded();
      this.waiting = { run, superseded };
      return;
    }
    void this.start(run);
  }

  private async start(run: () => Promise<void>): Promise<void> {
    this.running = true;
    try {
      await run();
    } finally {
      this.running = false;
      const next = this.waiting;
      this.waiting = null;
      if (next) void this.start(next.run);
    }
  }
}
