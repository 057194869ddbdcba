import { sql } from 'kysely';
import type { Db } from '../../../../db/database.js';
import type { SqliteDirect } from '../../../../db/sqlite-direct.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { hoursSum, totalHoursUpdate } from '../../../../board-content/lookups.js';
import { cardChangedEvent, cardChangedStatements } from '../../../../board-content/card-statements.js';
import type { HourRow } from '../../hours.table.js';
import type { HourReportRequest, ReportedHours } from './index.js';

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const projectTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql`select id from tasks where id = ${taskId} and project_id = ${projectId}`,
);

const insertHoursQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number, userId: number, hours: number, date: string, now: string) =>
    sql<HourRow>`insert into hours (task_id, project_id, user_id, hours, date, created_at, updated_at)
      values (${taskId}, ${projectId}, ${userId}, ${hours}, ${date}, ${now}, ${now})
      returning id, task_id, project_id, user_id, hours, date, created_at, updated_at`,
);

/**
 * An hour report on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step the
 * ordinary one (ordinary.ts): check the task is the project's (404), insert the hours, set the
 * task's total to their sum, then the card's statements that pipelinedHourReport ends with.
 */
export function directHourReport(
  db: Db,
  direct: SqliteDirect,
  { user, projectId, taskId, input, now }: HourReportRequest,
): Promise<ReportedHours> {
  return direct.transaction((statements) => {
    const task = statements.first(projectTaskQuery.compiled(db, taskId, projectId));
    if (!task) throw new AppError('NOT_FOUND');
    const hour = statements.first(
      insertHoursQuery.compiled(db, taskId, projectId, user.id, input.hours, input.date, now),
    )!;
    const sum = statements.first(hoursSum(db, taskId))?.total ?? null;
    statements.run(totalHoursUpdate(db, taskId, sum));
    const answers = cardChangedStatements(db, projectId, taskId).map((query) => ({
      rows: statements.all(query),
    }));
    return { hour, event: cardChangedEvent(answers)! };
  });
}
