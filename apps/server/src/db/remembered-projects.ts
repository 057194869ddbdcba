import type { Db } from './database.js';

/** Entries per database and kind before the map starts over (a few MB at most). */
const MAX_ENTRIES = 100_000;

/**
 * Which project each row of one kind (a board, a column, a task, an hour entry…) belongs to,
 * remembered per app (db/app-database.ts): the access check of every request on `/api/<kind>/:id` needs it first,
 * and reading it cost one round trip per request (a third of a 304 on PostgreSQL). Safe to keep
 * because it never changes while the row exists — no route moves a task, column or board to another
 * project, and ids are never reused (SQLite AUTOINCREMENT, PostgreSQL identity) — and only committed
 * rows are remembered (the caller reads outside any transaction).
 * A row deleted since (here or on another instance, directly or by a cascade) may still be
 * remembered. The answer stays the same: the handler reads the row in its project and answers 404,
 * and a refusal (403) on a remembered project is checked again against the database by the access
 * check (access/access-hook.ts), which then answers 404. Membership and role are never remembered here.
 */
export class RememberedProjects {
  private readonly projects = new Map<number, number>();

  get(id: number): number | undefined {
    return this.projects.get(id);
  }

  /** `db` is the handle the project was read through: what a transaction read is not yet committed. */
  remember(db: Db, id: number, projectId: number): void {
    if (db.isTransaction) return;
    if (this.projects.size >= MAX_ENTRIES) this.projects.clear();
    this.projects.set(id, projectId);
  }

  forget(id: number): void {
    this.projects.delete(id);
  }
}

/**
 * `locate` with memory: the remembered project when there is one (marked, so a refusal is checked
 * again), else `read` (one query), remembered once found.
 */
export function rememberingLocate(
  db: Db,
  memory: RememberedProjects,
  read: (id: number) => Promise<number | undefined>,
) {
  return async (id: number, options: { fresh?: boolean } = {}) => {
    const known = options.fresh ? undefined : memory.get(id);
    if (known !== undefined) return { projectId: known, isRemembered: true };
    const projectId = await read(id);
    if (projectId === undefined) {
      memory.forget(id);
      return undefined;
    }
    memory.remember(db, id, projectId);
    return { projectId };
  };
}
