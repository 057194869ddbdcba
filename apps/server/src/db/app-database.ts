import type { Pool } from 'pg';
import type { Db } from './database.js';
import type { OneStepWriter } from './one-step.js';
import { RememberedProjects } from './remembered-projects.js';
import { ChangeStamps, type StampKind } from '../lib/change-stamps.js';
import { StampedMemory } from '../lib/stamped-memory.js';

export type Dialect = 'sqlite' | 'postgres';

export interface ConnectionPoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/** What one app remembers of its database: kept by every handle of that app, never shared with another. */
class AppMemory {
  readonly stamps = new ChangeStamps();
  readonly remembered = new Map<string, RememberedProjects>();
  readonly stamped = new Map<string, StampedMemory<unknown, unknown>>();
}

/**
 * One app's database: the Kysely handle, what the connection can do beyond Kysely (the one-step
 * writer: SQLite direct or PostgreSQL pipeline, or none) and what this app remembers of it (change
 * stamps, remembered projects, stamped memories). Built by createDatabase, carried on AppCore and
 * passed wherever those are needed: nothing is looked up by the Kysely object, so a test may wrap
 * the handle (`withHandle`) and keep the one-step writer, or choose the ordinary path on purpose
 * (`withoutOneStep`).
 */
export class AppDatabase {
  constructor(
    readonly db: Db,
    readonly dialect: Dialect,
    /** Null: every write takes its ordinary Kysely transaction. */
    readonly oneStep: OneStepWriter | null,
    private readonly pool: Pool | null = null,
    private readonly memory = new AppMemory(),
  ) {}

  /** This app's change stamps (lib/change-stamps.ts): one per app, never per process. */
  get stamps(): ChangeStamps {
    return this.memory.stamps;
  }

  /** Which project each row of `kind` belongs to (db/remembered-projects.ts), for this app. */
  rememberedProjects(kind: string): RememberedProjects {
    const { remembered } = this.memory;
    let projects = remembered.get(kind);
    if (!projects) remembered.set(kind, (projects = new RememberedProjects()));
    return projects;
  }

  /** This app's memory named `name`, kept under the change stamps of `owner` (lib/stamped-memory.ts). */
  stampedMemory<K, V>(name: string, owner: StampKind): StampedMemory<K, V> {
    const { stamped } = this.memory;
    let memory = stamped.get(name);
    if (!memory) stamped.set(name, (memory = new StampedMemory(this.stamps, owner)));
    return memory as StampedMemory<K, V>;
  }

  /** The pool's connections now; null on SQLite (one connection). */
  poolStats(): ConnectionPoolStats | null {
    const pool = this.pool;
    return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
  }

  /** The same connection seen by another instance of the deployment: its own stamps and memories. */
  anotherInstance(): AppDatabase {
    return new AppDatabase(this.db, this.dialect, this.oneStep, this.pool);
  }

  /** The same app through another handle (e.g. a test's query-counting plugin): one-step writer kept. */
  withHandle(db: Db): AppDatabase {
    return new AppDatabase(db, this.dialect, this.oneStep, this.pool, this.memory);
  }

  /** The same app with every write on its ordinary transaction (the reference path). */
  withoutOneStep(): AppDatabase {
    return new AppDatabase(this.db, this.dialect, null, this.pool, this.memory);
  }
}
