import type { ReportMember, TimelineMilestone } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';

/**
 * What the plan reports share (timeline-report.ts, average-completion-report.ts,
 * hours-variation-report.ts): the milestone they report on, how SQL numbers come back, the row of
 * work nobody is assigned to, and the rounding of shares.
 */

/** What a count or sum comes back as: PostgreSQL answers bigint and numeric as strings. */
export type DbNumber = number | string;

export const UNASSIGNED: ReportMember = { user_id: null, name: '', is_member: false };

interface MilestoneRow {
  id: number;
  name: string;
  start_date: string;
  deadline: string;
  sprint: number;
}

export const toMilestone = (row: MilestoneRow): TimelineMilestone => ({
  milestone_id: Number(row.id),
  name: row.name,
  start_date: row.start_date,
  deadline: row.deadline,
  sprint: Number(row.sprint) === 1,
});

export const MILESTONE_COLUMNS = ['id', 'name', 'start_date', 'deadline', 'sprint'] as const;

/** A milestone of the project, or 404: one of another project is as unknown as a missing one. */
export async function projectMilestone(
  db: Db,
  projectId: number,
  milestoneId: number,
): Promise<TimelineMilestone> {
  const row = await db
    .selectFrom('milestones')
    .select(MILESTONE_COLUMNS)
    .where('id', '=', milestoneId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toMilestone(row);
}

/** Shares keep 4 decimals: 0.3333 reads as 33.33 %. */
export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
