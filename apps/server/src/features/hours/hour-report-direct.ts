import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { directTransaction } from '../../db/sqlite-direct.js';
import { AppError } from '../../lib/app-error.js';
import type { BoardEventDraft } from '../../realtime/publisher.js';
import { hoursSumQuery, totalHoursUpdate } from '../../board-content/lookups.js';
import { cardChangedEvent, cardChangedStatements } from '../../board-content/card-statements.js';
import type { HourReportRequest } from './hour-report-pipelined.js';
import type { HourRow } from './hours.table.js';

/**
 * An hour report on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step the
 * ordinary one (HoursService.create): check the task is the project's (404), insert the hours, set
 * the task's total to their sum, then the card's statements that pipelinedHourReport ends with.
 * Null where there is no direct connection (PostgreSQL).
 */
export async function directHourReport(
  db: Db,
  { user, projectId, taskId, input, now }: HourReportRequest,
): Promise<{ hour: HourRow; event: BoardEventDraft } | null> {
  return directTransaction(db, (statements) => {
    const task = statements.first(
      sql`select id from tasks where id = ${taskId} and project_id = ${projectId}`.compile(db),
    );
    if (!task) throw new AppError('NOT_FOUND');
    const hour = statements.first<HourRow>(
      db
        .insertInto('hours')
        .values({
          task_id: taskId,
          project_id: projectId,
          user_id: user.id,
          hours: input.hours,
          date: input.date,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .compile(),
    )!;
    const sum = statements.first(hoursSumQuery(db, taskId).compile())?.total ?? null;
    statements.run(totalHoursUpdate(db, taskId, sum).compile());
    const answers = cardChangedStatements(db, projectId, taskId).map((query) => ({
      rows: statements.all(query),
    }));
    return { hour, event: cardChangedEvent(answers)! };
  });
}
