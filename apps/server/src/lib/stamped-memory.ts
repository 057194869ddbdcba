import type { ChangeStamps, StampKind } from './change-stamps.js';

/** How long an entry is trusted at most, even with no change announced: a safety net, not the rule. */
export const MEMORY_TTL_MS = 10_000;
/** Entries before the map starts over (a few MB at most). */
const MAX_ENTRIES = 50_000;

interface Entry<V> {
  value: V;
  owner: StampKind;
  ownerId: number;
  stamp: number;
  generation: number;
  storedAt: number;
}

/**
 * Values read from the database on the request path, each kept under the change stamp of the user
 * or project it describes (lib/change-stamps.ts): a bump drops it, and so does MEMORY_TTL_MS.
 * `read` is the whole protocol: the epoch is taken before the database is asked, and a value is
 * kept only if no change of its kind was announced meanwhile.
 */
export class StampedMemory<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly stamps: ChangeStamps,
    private readonly owner: StampKind,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const isStale =
      this.stamps.stampOf(entry.owner, entry.ownerId) !== entry.stamp ||
      entry.generation !== this.stamps.generationNow() ||
      performance.now() - entry.storedAt > MEMORY_TTL_MS;
    if (!isStale) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The remembered value, or `load`'s (kept when found and nothing of its kind changed meanwhile). */
  async read(
    key: K,
    load: () => Promise<V | undefined>,
    ownerIdOf: (value: V) => number,
  ): Promise<V | undefined> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const epoch = this.stamps.epochOf(this.owner);
    const value = await load();
    if (value === undefined || this.stamps.epochOf(this.owner) !== epoch) return value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const ownerId = ownerIdOf(value);
    this.entries.set(key, {
      value,
      owner: this.owner,
      ownerId,
      stamp: this.stamps.stampOf(this.owner, ownerId),
      generation: this.stamps.generationNow(),
      storedAt: performance.now(),
    });
    return value;
  }

  /**
   * Announces a committed change of `ownerId` made here (ChangeStamps.change: every instance forgets), and
   * keeps this instance's entry for `key` when `next` can tell its new value from the old one alone
   * (undefined: it cannot, and the entry goes with the stamp). Only an entry still current before
   * the change is carried; it keeps its age, so MEMORY_TTL_MS still counts from its database read.
   */
  changedHere(key: K, ownerId: number, next: (value: V) => V | undefined): void {
    const current = this.get(key);
    this.stamps.change(this.owner, ownerId);
    const entry = this.entries.get(key);
    const value = current === undefined ? undefined : next(current);
    if (!entry || value === undefined) return;
    this.entries.set(key, { ...entry, value, stamp: this.stamps.stampOf(this.owner, ownerId) });
  }

  forget(key: K): void {
    this.entries.delete(key);
  }
}
