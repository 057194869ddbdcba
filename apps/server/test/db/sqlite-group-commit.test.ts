import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDatabase, createDatabase, type Db } from '../../src/db/database.js';
import type { DirectStatements, SqliteDirect } from '../../src/db/sqlite-direct.js';
import { TEST_DIALECT } from '../helpers/database.js';

/**
 * Group commit of SQLite's one-step writes (src/db/sqlite-group-commit.ts): a write that arrives
 * while another's transaction is open joins it, and every write is answered only after the COMMIT.
 * A second connection to the same file reads what is on disk. SQLite only: it is SQLite's machinery.
 */
describe.skipIf(TEST_DIALECT === 'postgres')(
  'SQLite group commit of one-step writes (SQLite only: SKIPPED under TEST_DB=postgres, which has no such path; its own run covers it)',
  () => {
    let db: Db;
    let direct: SqliteDirect;
    let onDisk: SQLite.Database;
    const directTransaction = <T>(_db: Db, work: (statements: DirectStatements) => T) =>
      direct.transaction(work);

    beforeEach(async () => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'teamboard-group-commit-')), 'db.sqlite');
      const database = createDatabase({ dialect: 'sqlite', file });
      db = database.db;
      direct = database.oneStep as SqliteDirect;
      await sql`create table notes (id integer primary key, text text not null)`.execute(db);
      onDisk = new SQLite(file, { readonly: true });
    });

    afterEach(async () => {
      vi.useRealTimers();
      onDisk.close();
      await db.destroy();
    });

    const written = () =>
      (onDisk.prepare('select text from notes order by id').all() as { text: string }[]).map(
        (row) => row.text,
      );
    const insert = (statements: DirectStatements, text: string) =>
      statements.run(sql`insert into notes (text) values (${text})`.compile(db));
    /** A write that reaches the server while `first` holds its transaction open (as a request in the same turn). */
    const whileOpen = (write: () => void) => queueMicrotask(write);

    it('lets a write that arrives while a transaction is open join it, and answers none before the COMMIT', async () => {
      let second!: Promise<string>;
      let onDiskWhileOpen: string[] = [];
      let firstAnswered = false;
      let answeredWhileOpen: boolean | undefined;
      const first = directTransaction(db, (statements) => {
        insert(statements, 'first');
        whileOpen(() => {
          second = directTransaction(db, (joined) => {
            insert(joined, 'second');
            return 'second';
          });
          onDiskWhileOpen = written();
          answeredWhileOpen = firstAnswered;
        });
        return 'first';
      });
      void first.then(() => (firstAnswered = true));

      await vi.waitFor(() => expect(second).toBeDefined());
      expect(onDiskWhileOpen).toEqual([]);
      expect(answeredWhileOpen).toBe(false);
      // When the first write is answered, the second (which ran after it) is already on disk: one COMMIT.
      expect(await first.then((answer) => [answer, written()])).toEqual(['first', ['first', 'second']]);
      expect(await second).toBe('second');
    });

    it('undoes only the joined write that fails, and answers it with its own error', async () => {
      const results = await new Promise<PromiseSettledResult<string | null>[]>((done) => {
        const first = directTransaction(db, (statements) => {
          insert(statements, 'kept 1');
          whileOpen(() => {
            const failing = directTransaction(db, (joined) => {
              insert(joined, 'undone');
              throw new Error('this write fails');
            });
            const third = directTransaction(db, (joined) => {
              insert(joined, 'kept 2');
              return 'third';
            });
            void Promise.allSettled([first, failing, third]).then(done);
          });
          return 'first';
        });
      });

      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('this write fails'));
      expect(written()).toEqual(['kept 1', 'kept 2']);
    });

    it('rolls back a first write that fails; a write arriving then starts a transaction of its own', async () => {
      let next!: Promise<string>;
      const first = directTransaction(db, (statements) => {
        insert(statements, 'undone');
        whileOpen(() => {
          next = directTransaction(db, (own) => {
            insert(own, 'next');
            return 'next';
          });
        });
        throw new Error('the first write fails');
      });

      await expect(first).rejects.toThrow('the first write fails');
      expect(await next).toBe('next');
      expect(written()).toEqual(['next']);
    });

    it('commits an open transaction before the database closes, and answers its writes', async () => {
      let second!: Promise<string>;
      let closed!: Promise<void>;
      const first = directTransaction(db, (statements) => {
        insert(statements, 'first');
        whileOpen(() => {
          second = directTransaction(db, (joined) => (insert(joined, 'second'), 'second'));
          // As at shutdown: the server stops while the transaction is open (it commits at setImmediate).
          closed = closeDatabase(db);
        });
        return 'first';
      });
      expect(await first).toBe('first');
      expect(await second).toBe('second');
      await closed;
      expect(written()).toEqual(['first', 'second']);
    });

    it('commits under a test’s fake timers too', async () => {
      vi.useFakeTimers();
      expect(await directTransaction(db, (statements) => (insert(statements, 'faked'), 'done'))).toBe('done');
      expect(written()).toEqual(['faked']);
    });
  },
);
