import { FAILED_JOBS_LISTED, type JobsOverview } from '@teamboard/contract';
import type { Db } from '../../db/database.js';

/** The Jobs tab: how many jobs of each kind are in each state, and the latest that gave up. */
export async function jobsOverview(db: Db): Promise<JobsOverview> {
  const [counts, failed] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['kind', 'state', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy(['kind', 'state'])
      .orderBy('kind')
      .orderBy('state')
      .execute(),
    // Never the payload: a mail's links are credentials.
    db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'attempts', 'last_error', 'run_after', 'updated_at'])
      .where('state', '=', 'failed')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FAILED_JOBS_LISTED)
      .execute(),
  ]);
  return {
    counts: counts.map((row) => ({ ...row, count: Number(row.count) })),
    failed: failed.map((row) => ({ ...row, key: row.key.slice(row.kind.length + 1) })),
  };
}
