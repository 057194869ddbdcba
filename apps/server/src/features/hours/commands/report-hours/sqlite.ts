import { sql } from 'kysely';
import type { Db } from '../../../../db/database.js';
import type { SqliteDirect } from '../../../../db/sqlite-direct.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { hoursSum, totalHoursUpdate } from '../../../../board-content/lookups.js';
import { cardChangedEvent, cardChangedStatements } from '../../../../board-content/card-statements.js';
import { hourInsert } from '../../hours.repository.js';
import { newHour } from './ordinary.js';
import type { HourReportRequest, ReportedHours } from './index.js';

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const projectTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql`select id from tasks where id = ${taskId} and project_id = ${projectId}`,
);

/**
 * An hour report on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step the
 * ordinary one (ordinary.ts): check the task is the project's (404), insert the hours, set the
 * task's total to their sum, then the card's statements that pipelinedHourReport ends with.
 */
export function directHourReport(
  db: Db,
  direct: SqliteDirect,
  request: HourReportRequest,
): Promise<ReportedHours> {
  const { projectId, taskId } = request;
  return direct.transaction((statements) => {
    const task = statements.first(projectTaskQuery.compiled(db, taskId, projectId));
    if (!task) throw new AppError('NOT_FOUND');
    const hour = statements.first(hourInsert(db, newHour(request)))!;
    const sum = statements.first(hoursSum(db, taskId))?.total ?? null;
    statements.run(totalHoursUpdate(db, taskId, sum));
    const answers = cardChangedStatements(db, projectId, taskId).map((query) => ({
      rows: statements.all(query),
    }));
    return { hour, event: cardChangedEvent(answers)! };
  });
}
