/**
 * Change stamps: a counter per user, per project and per board, bumped whenever something the
 * request path remembers about them changes (a session, the user row, a membership, the project row;
 * a board's version, with each committed board event). The memories (lib/stamped-memory.ts: the
 * signed-in session, features/auth/auth.service.ts; the caller's access to a project,
 * access/access.repository.ts; a board's row, features/boards/boards.service.ts) keep the stamp they
 * read under and drop an entry whose stamp moved.
 *
 * Rules for writers (docs/performance.md, "What the request path remembers"):
 * - bump AFTER the change has committed. A bump taken inside a transaction must be repeated after
 *   it (a read between the two would remember the old row under the new stamp);
 * - a reader takes the stamp BEFORE it reads, so a change committed while it read is never
 *   remembered as current.
 * One ChangeStamps per app (db/app-database.ts carries it): two apps in one process (the tests'
 * instances of one deployment) know only their own bumps and hear each other's through the relays
 * (realtime/socket-server.ts: the Redis channel the rooms already use), as two processes would.
 */
const STAMP_KINDS = ['user', 'project', 'board'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** For a stamp heard from another instance: a kind this build knows. */
export function isStampKind(kind: unknown): kind is StampKind {
  return STAMP_KINDS.includes(kind as StampKind);
}

export class ChangeStamps {
  private readonly stamps: Record<StampKind, Map<number, number>> = {
    user: new Map(),
    project: new Map(),
    board: new Map(),
  };
  /** Bumps of any id of a kind: for a reader that learns whose row it read only once it has it. */
  private readonly epochs: Record<StampKind, number> = { user: 0, project: 0, board: 0 };
  /** Bumped by `forgetEverything`: every memory entry read before is stale. */
  private generation = 0;
  private readonly relays = new Set<(kind: StampKind, id: number) => void>();

  generationNow(): number {
    return this.generation;
  }

  /**
   * Every memory forgets everything: for writes that bypass the services (the tests' direct SQL,
   * test/helpers/test-app.ts). Production code announces each change instead.
   */
  forgetEverything(): void {
    this.generation += 1;
    for (const kind of STAMP_KINDS) this.epochs[kind] += 1;
  }

  stampOf(kind: StampKind, id: number): number {
    return this.stamps[kind].get(id) ?? 0;
  }

  epochOf(kind: StampKind): number {
    return this.epochs[kind];
  }

  /** Something about this user, project or board changed (and committed): every memory of it is stale. */
  change(kind: StampKind, id: number): void {
    this.bumpHere(kind, id);
    for (const relay of this.relays) relay(kind, id);
  }

  /** A bump another instance announced (not relayed again). */
  bumpHere(kind: StampKind, id: number): void {
    this.stamps[kind].set(id, this.stampOf(kind, id) + 1);
    this.epochs[kind] += 1;
  }

  /** Tells other instances of every bump here; returns the way to stop. */
  addRelay(relay: (kind: StampKind, id: number) => void): () => void {
    this.relays.add(relay);
    return () => this.relays.delete(relay);
  }
}
