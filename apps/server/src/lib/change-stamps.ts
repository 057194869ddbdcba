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
 * Stamps are process-wide and carry no database: one process running several apps (the tests)
 * forgets a little more than it needs, never less. Other instances hear of each bump through the
 * relays (realtime/socket-server.ts: the Redis channel the rooms already use).
 */
const STAMP_KINDS = ['user', 'project', 'board'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** For a stamp heard from another instance: a kind this build knows. */
export function isStampKind(kind: unknown): kind is StampKind {
  return STAMP_KINDS.includes(kind as StampKind);
}

const stamps: Record<StampKind, Map<number, number>> = {
  user: new Map(),
  project: new Map(),
  board: new Map(),
};
/** Bumps of any id of a kind: for a reader that learns whose row it read only once it has it. */
const epochs: Record<StampKind, number> = { user: 0, project: 0, board: 0 };
/** Bumped by `forgetEverything`: every memory entry read before is stale. */
let generation = 0;

export function generationNow(): number {
  return generation;
}

/**
 * Every memory forgets everything: for writes that bypass the services (the tests' direct SQL,
 * test/helpers/test-app.ts). Production code announces each change instead.
 */
export function forgetEverything(): void {
  generation += 1;
  for (const kind of STAMP_KINDS) epochs[kind] += 1;
}
const relays = new Set<(kind: StampKind, id: number) => void>();

export function stampOf(kind: StampKind, id: number): number {
  return stamps[kind].get(id) ?? 0;
}

export function epochOf(kind: StampKind): number {
  return epochs[kind];
}

/** Something about this user or project changed (and committed): every memory of it is stale. */
export function stampChange(kind: StampKind, id: number): void {
  bumpHere(kind, id);
  for (const relay of relays) relay(kind, id);
}

/** A bump another instance announced (not relayed again). */
export function bumpHere(kind: StampKind, id: number): void {
  stamps[kind].set(id, stampOf(kind, id) + 1);
  epochs[kind] += 1;
}

/** Tells other instances of every bump here; returns the way to stop. */
export function addStampRelay(relay: (kind: StampKind, id: number) => void): () => void {
  relays.add(relay);
  return () => relays.delete(relay);
}
