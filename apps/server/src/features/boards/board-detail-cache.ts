/** Serialized board details above this many bytes in all are evicted, oldest first. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The last serialized detail of each board, keyed by its version. A detail is a pure function of
 * the version (every write that changes it bumps it), so everyone allowed to see the board shares
 * one copy until the next change: 40 students reloading a board cost one serialization. Bounded in
 * bytes so a server with many boards keeps its memory budget.
 */
export class BoardDetailCache {
  private readonly entries = new Map<number, { version: number; json: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get(boardId: number, version: number): string | null {
    const entry = this.entries.get(boardId);
    return entry?.version === version ? entry.json : null;
  }

  set(boardId: number, version: number, json: string): void {
    this.delete(boardId);
    if (json.length > this.maxBytes) return;
    this.entries.set(boardId, { version, json });
    this.bytes += json.length;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= entry.json.length;
    }
  }

  private delete(boardId: number): void {
    const entry = this.entries.get(boardId);
    if (!entry) return;
    this.entries.delete(boardId);
    this.bytes -= entry.json.length;
  }
}
