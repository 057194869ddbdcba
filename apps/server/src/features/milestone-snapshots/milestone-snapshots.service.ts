import {
  MilestoneSnapshotBodySchema,
  type MilestoneSnapshot,
  type MilestoneSnapshotSummary,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { reportTimeZone } from '../../lib/zone-days.js';
import * as repo from './milestone-snapshots.repository.js';
import { deadlinePassed, takeSnapshot } from './take-snapshots.js';

/**
 * Reading milestone snapshots (docs/api-milestone-snapshots.md). Nothing here changes one: there is
 * no update and no delete. Opening a milestone's snapshots after its deadline day has ended takes
 * the snapshot of that deadline at once when the job has not yet.
 */
export class MilestoneSnapshotsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** Every snapshot of the project, those of deleted milestones included, newest deadline first. */
  async listForProject(access: ProjectAccess): Promise<MilestoneSnapshotSummary[]> {
    return repo.listProjectSnapshots(this.deps.db, access.project.id);
  }

  /** The milestone's snapshots, newest deadline first, after taking the current deadline's if due. */
  async listForMilestone(access: ProjectAccess, milestoneId: number): Promise<MilestoneSnapshotSummary[]> {
    const { db, clock } = this.deps;
    const milestone = await db
      .selectFrom('milestones')
      .select(['id', 'deadline'])
      .where('id', '=', milestoneId)
      .where('project_id', '=', access.project.id)
      .executeTakeFirst();
    if (!milestone) throw new AppError('NOT_FOUND');
    const isDue =
      deadlinePassed(milestone.deadline, reportTimeZone(access.project), clock.now()) &&
      !(await repo.hasSnapshot(db, milestone.id, milestone.deadline));
    if (isDue) await takeSnapshot(this.deps, milestone.id, 'open');
    return repo.listMilestoneSnapshots(db, milestone.id);
  }

  async read(access: ProjectAccess, id: number): Promise<MilestoneSnapshot> {
    const row = await repo.findSnapshot(this.deps.db, access.project.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    const { body, ...summary } = row;
    return { ...summary, body: MilestoneSnapshotBodySchema.parse(JSON.parse(body)) };
  }
}
