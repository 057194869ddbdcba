import { createHash } from 'node:crypto';
import type { Db } from './server.js';
import { TABLES, type TableName } from './tables.js';

/** Each table's full contents in key order, as a SHA-256 of its JSON: equal digests, equal tables. */
export async function dumpDigests(db: Db): Promise<Record<TableName, string>> {
  const digests = {} as Record<TableName, string>;
  for (const { name, key } of TABLES) {
    let query = db.selectFrom(name).selectAll();
    for (const column of key) query = query.orderBy(column as never);
    const rows = await query.execute();
    digests[name] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return digests;
}
