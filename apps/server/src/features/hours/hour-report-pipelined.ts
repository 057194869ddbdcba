import type { CreateHourInput } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PostgresPipeline } from '../../db/one-step.js';
import { AppError } from '../../lib/app-error.js';
import { round2Sql } from '../../lib/numbers.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
import type { BoardEventDraft } from '../../realtime/publisher.js';
import type { UserRow } from '../../users/users.js';
import { cardChangedEvent, cardChangedStatements } from '../../board-content/card-statements.js';
import type { HourRow } from './hours.table.js';

export interface HourReportRequest {
  user: UserRow;
  projectId: number;
  taskId: number;
  input: CreateHourInput;
  now: string;
}

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

const totalHoursQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql`update tasks set total_hours = (
        select ${round2Sql(sql`coalesce(sum(hours.hours), 0)`)} from hours where hours.task_id = ${taskId})
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}`,
);

/**
 * An hour report on PostgreSQL in one round trip (db/pipeline.ts), statement for statement the
 * ordinary one (HoursService.create): lock the task, insert the hours, set the task's total to
 * their sum (rounded to cents as refreshTaskHours does), bump the board, read the card. Every
 * statement names the task AND the project, so a task of another project writes nothing: 404.
 */
export async function pipelinedHourReport(
  db: Db,
  pipeline: PostgresPipeline,
  { user, projectId, taskId, input, now }: HourReportRequest,
): Promise<{ hour: HourRow; event: BoardEventDraft }> {
  const results = await pipeline.transaction([
    lockTaskQuery.compiled(db, taskId, projectId),
    insertHoursQuery.compiled(db, taskId, projectId, user.id, input.hours, input.date, now),
    totalHoursQuery.compiled(db, taskId, projectId),
    ...cardChangedStatements(db, projectId, taskId),
  ]);
  const hour = results[1]!.rows[0] as HourRow | undefined;
  const event = cardChangedEvent(results.slice(3));
  if (!hour || !event) throw new AppError('NOT_FOUND');
  return { hour, event };
}
