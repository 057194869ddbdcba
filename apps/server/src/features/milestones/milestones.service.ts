import type { CreateMilestoneInput, Milestone, UpdateMilestoneInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ProjectAccess } from '../../access/access.js';
import type { UserRow } from '../../users/users.js';
import { recordActivity } from '../activity/activity.service.js';
import * as repo from './milestones.repository.js';
import type { MilestoneRow } from './milestones.table.js';

export function toMilestone(row: MilestoneRow): Milestone {
  return {
    milestone_id: row.id,
    milestone_name: row.name,
    project_id: row.project_id,
    start_date: row.start_date,
    deadline: row.deadline,
    sprint: row.sprint === 1,
  };
}

/** A milestone a template stamps. */
export interface StampedMilestone {
  name: string;
  start_date: string;
  deadline: string;
  sprint: boolean;
}

/** The same milestones in each of `projectIds` (a roster import): a few INSERTs in the caller's transaction. */
export async function addMilestonesToProjects(
  db: Db,
  projectIds: number[],
  milestones: StampedMilestone[],
  at: string,
): Promise<void> {
  await repo.insertMilestones(
    db,
    projectIds.flatMap((project_id) =>
      milestones.map((milestone) => ({
        project_id,
        name: milestone.name,
        start_date: milestone.start_date,
        deadline: milestone.deadline,
        sprint: milestone.sprint ? 1 : 0,
        created_at: at,
      })),
    ),
  );
}

/** A milestone id given for a task must be one of the project's (422 otherwise). */
export class MilestonesService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(access: ProjectAccess): Promise<Milestone[]> {
    return (await repo.listMilestones(this.deps.db, access.project.id)).map(toMilestone);
  }

  async create(actor: UserRow, access: ProjectAccess, input: CreateMilestoneInput): Promise<Milestone> {
    const now = this.deps.clock.now().toISOString();
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertMilestone(trx, {
        project_id: access.project.id,
        name: input.milestone_name,
        start_date: input.start_date,
        deadline: input.deadline,
        sprint: input.sprint ? 1 : 0,
        created_at: now,
      });
      const subject = { userId: null, name: row.name };
      await recordActivity(trx, {
        kind: 'milestone.created',
        actor,
        project: access.project,
        subject,
        at: now,
      });
      return row;
    });
    return toMilestone(row);
  }

  /** The merged dates (stored values for the fields not sent) are checked again. */
  async update(access: ProjectAccess, id: number, input: UpdateMilestoneInput): Promise<Milestone> {
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await repo.findMilestone(trx, access.project.id, id);
      if (!current) throw new AppError('NOT_FOUND');
      const startDate = input.start_date ?? current.start_date;
      const deadline = input.deadline ?? current.deadline;
      if (deadline < startDate) throw new AppError('DEADLINE_BEFORE_START');
      const changes: repo.MilestoneChanges = {};
      if (input.milestone_name !== undefined) changes.name = input.milestone_name;
      if (input.start_date !== undefined) changes.start_date = input.start_date;
      if (input.deadline !== undefined) changes.deadline = input.deadline;
      if (input.sprint !== undefined) changes.sprint = input.sprint ? 1 : 0;
      if (Object.keys(changes).length === 0) return toMilestone(current);
      return toMilestone(await repo.updateMilestone(trx, id, changes));
    });
  }

  /** Refused (409) while tasks use it. */
  async remove(access: ProjectAccess, id: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.findMilestone(trx, access.project.id, id))) throw new AppError('NOT_FOUND');
      if (await repo.isMilestoneUsed(trx, id)) throw new AppError('MILESTONE_NOT_DELETABLE');
      await repo.deleteMilestone(trx, id);
    });
  }
}
