import { addDays, MILESTONE_SNAPSHOT_EVERY_MINUTES, type SnapshotSource } from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import * as repo from './milestone-snapshots.repository.js';
import { freezeBody, type MilestoneRow } from './snapshot-body.js';

/** The scheduled job (docs/jobs.md): every 15 minutes, so a snapshot lands soon after a deadline day ends. */
export const MILESTONE_SNAPSHOTS_JOB = 'milestone-snapshots';
export const MILESTONE_SNAPSHOTS_EVERY_MS = MILESTONE_SNAPSHOT_EVERY_MINUTES * MINUTE_MS;
/**
 * The job catches up on deadlines that ended up to this many days ago (an instance that was down, a
 * deadline moved into the past). Older ones are frozen when someone first opens their snapshot.
 */
export const MILESTONE_SNAPSHOTS_CATCH_UP_DAYS = 7;

export interface SnapshotDeps {
  db: Db;
  clock: Clock;
}

/** Whether a deadline day has ended in the zone: its day is before today there. */
export function deadlinePassed(deadline: string, timeZone: string, now: Date): boolean {
  return deadline < dayIn(now, timeZone);
}

/** PostgreSQL: takers of one milestone queue on its row (SQLite runs one transaction at a time). */
async function lockMilestone(db: Db, milestoneId: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('milestones').select('id').where('id', '=', milestoneId).forUpdate().execute();
}

export type TakeResult = 'taken' | 'exists' | 'not_due' | 'gone';

/**
 * Freezes the milestone at its current deadline in one transaction, if that deadline day has ended
 * and no snapshot of it exists. The milestone's row is locked first (PostgreSQL), so a second taker
 * waits, then finds the first one's snapshot; the unique key (milestone, deadline) is the last word.
 */
export async function takeSnapshot(
  deps: SnapshotDeps,
  milestoneId: number,
  source: SnapshotSource,
): Promise<TakeResult> {
  return deps.db.transaction().execute(async (trx) => {
    await lockMilestone(trx, milestoneId);
    const found = await trx
      .selectFrom('milestones')
      .innerJoin('projects', 'projects.id', 'milestones.project_id')
      .selectAll('milestones')
      .select('projects.time_zone')
      .where('milestones.id', '=', milestoneId)
      .executeTakeFirst();
    if (!found) return 'gone';
    const { time_zone, ...milestone } = found;
    const now = deps.clock.now();
    const timeZone = reportTimeZone({ time_zone });
    if (!deadlinePassed(milestone.deadline, timeZone, now)) return 'not_due';
    if (await repo.hasSnapshot(trx, milestone.id, milestone.deadline)) return 'exists';
    const body = await freezeBody(trx, milestone as MilestoneRow, { today: dayIn(now, timeZone), timeZone });
    const id = await repo.insertSnapshot(trx, {
      milestone_id: milestone.id,
      project_id: milestone.project_id,
      milestone_name: milestone.name,
      deadline: milestone.deadline,
      taken_at: now.toISOString(),
      source,
      body: JSON.stringify(body),
    });
    return id === undefined ? 'exists' : 'taken';
  });
}

/** Milestones whose deadline day ended (within the catch-up window) and that have no snapshot of it. */
export async function dueMilestones(deps: SnapshotDeps): Promise<number[]> {
  const now = deps.clock.now();
  const utcToday = dayIn(now, 'UTC');
  // Every zone's today lies within a day of UTC's; the exact day is checked per project below.
  const rows = await deps.db
    .selectFrom('milestones as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .leftJoin('milestone_snapshots as s', (join) =>
      join.onRef('s.milestone_id', '=', 'm.id').onRef('s.deadline', '=', 'm.deadline'),
    )
    .select(['m.id', 'm.deadline', 'p.time_zone'])
    .where('s.id', 'is', null)
    .where('m.deadline', '<=', utcToday)
    .where('m.deadline', '>=', addDays(utcToday, -(MILESTONE_SNAPSHOTS_CATCH_UP_DAYS + 1)))
    .orderBy('m.deadline')
    .orderBy('m.id')
    .execute();
  return rows
    .filter((row) => {
      const today = dayIn(now, reportTimeZone(row));
      return row.deadline < today && row.deadline >= addDays(today, -MILESTONE_SNAPSHOTS_CATCH_UP_DAYS);
    })
    .map((row) => row.id);
}

/**
 * The job: a snapshot of each due milestone, each in its own transaction. One that fails is logged
 * and the rest are still taken; the job then fails, so the queue tries it again with back-off.
 * Returns how many were taken (another instance may have taken some first).
 */
export async function takeDueSnapshots(deps: SnapshotDeps & { log: FastifyBaseLogger }): Promise<number> {
  let taken = 0;
  let failed = 0;
  for (const milestoneId of await dueMilestones(deps)) {
    try {
      if ((await takeSnapshot(deps, milestoneId, 'schedule')) === 'taken') taken += 1;
    } catch (error) {
      failed += 1;
      deps.log.error({ err: error, job: MILESTONE_SNAPSHOTS_JOB, milestone: milestoneId }, 'snapshot failed');
    }
  }
  if (failed > 0) throw new Error(`${failed} milestone snapshot(s) failed`);
  return taken;
}
