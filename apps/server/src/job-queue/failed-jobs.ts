import type { Db } from '../db/database.js';

/** Jobs that gave up before `before` (the hourly cleanup, features/jobs/cleanup.ts); how many went. */
export async function deleteFailedJobsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', '=', 'failed')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
