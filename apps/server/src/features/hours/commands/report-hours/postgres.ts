import { sql } from 'kysely';
import type { Db } from '../../../../db/database.js';
import type { PostgresPipeline } from '../../../../db/one-step.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { cardChangedEvent, cardChangedStatements } from '../../../../board-content/card-statements.js';
import { totalHoursRefresh } from '../../../../board-content/lookups.js';
import type { HourRow } from '../../hours.table.js';
import type { HourReportRequest, ReportedHours } from './index.js';

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const lockTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql`select tasks.id from tasks where tasks.id = ${taskId} and tasks.project_id = ${projectId} for update`,
);

const insertHoursQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number, userId: number, hours: number, date: string, now: string) =>
    sql<HourRow>`insert into hours (task_id, project_id, user_id, hours, date, created_at, updated_at)
      select tasks.id, tasks.project_id, ${userId}, ${hours}, ${date}, ${now}, ${now}
      from tasks where tasks.id = ${taskId} and tasks.project_id = ${projectId}
      returning id, task_id, project_id, user_id, hours, date, created_at, updated_at`,
);

/**
 * An hour report on PostgreSQL in one round trip (db/pipeline.ts), statement for statement the
 * ordinary one (ordinary.ts): lock the task, insert the hours, set the task's total to
 * their sum (rounded to cents as refreshTaskHours does: totalHoursRefresh), bump the board, read the card. Every
 * statement names the task AND the project, so a task of another project writes nothing: 404.
 */
export async function pipelinedHourReport(
  db: Db,
  pipeline: PostgresPipeline,
  { user, projectId, taskId, input, now }: HourReportRequest,
): Promise<ReportedHours> {
  const results = await pipeline.transaction([
    lockTaskQuery.compiled(db, taskId, projectId),
    insertHoursQuery.compiled(db, taskId, projectId, user.id, input.hours, input.date, now),
    totalHoursRefresh(db, projectId, taskId),
    ...cardChangedStatements(db, projectId, taskId),
  ]);
  const hour = results[1]!.rows[0] as HourRow | undefined;
  const event = cardChangedEvent(results.slice(3));
  if (!hour || !event) throw new AppError('NOT_FOUND');
  return { hour, event };
}
