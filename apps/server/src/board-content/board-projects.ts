import type { Db } from '../db/database.js';

/** Entries per database before the map starts over (a few MB at most). */
const MAX_ENTRIES = 100_000;

const projectsByDatabase = new WeakMap<Db, Map<number, number>>();

/**
 * Which project each board belongs to, remembered per database: the access check of every
 * /api/boards/:id request (a 304 included) needs it first. Safe to keep because it never changes
 * while the board exists — no route moves a board to another project, and ids are never reused
 * (SQLite AUTOINCREMENT, PostgreSQL identity) — and only committed rows are remembered (the caller
 * reads outside any transaction). A deleted board is forgotten after its delete commits; another
 * instance may remember it a while longer, which only changes one refusal: a project viewer writing
 * to that deleted board gets 403 instead of 404 (every read, and every outsider, still gets 404).
 * Membership, role and the board's version are never cached: they are read on every request.
 */
export const boardProjects = {
  get(db: Db, boardId: number): number | undefined {
    return projectsByDatabase.get(db)?.get(boardId);
  },

  remember(db: Db, boardId: number, projectId: number): void {
    if (db.isTransaction) return;
    let projects = projectsByDatabase.get(db);
    if (!projects) projectsByDatabase.set(db, (projects = new Map()));
    if (projects.size >= MAX_ENTRIES) projects.clear();
    projects.set(boardId, projectId);
  },

  forget(db: Db, boardId: number): void {
    projectsByDatabase.get(db)?.delete(boardId);
  },
};
