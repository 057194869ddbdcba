import {
  refreshTaskHours,
  requireLockedTask,
  taskCardChanged,
} from '../../../../board-content/board-content.js';
import type { Db } from '../../../../db/database.js';
import * as repo from '../../hours.repository.js';
import type { HourReportRequest, ReportedHours } from './index.js';

/** The hour report as a Kysely transaction: the reference the one-step variants follow. */
export function ordinaryHourReport(db: Db, request: HourReportRequest): Promise<ReportedHours> {
  const { projectId, taskId } = request;
  return db.transaction().execute(async (trx) => {
    await requireLockedTask(trx, projectId, taskId);
    const hour = await repo.insertHour(trx, newHour(request));
    await refreshTaskHours(trx, taskId);
    return { hour, event: await taskCardChanged(trx, taskId) };
  });
}

/** The row an hour report inserts (SQLite's one-step report inserts it too). */
export function newHour({ user, projectId, taskId, input, now }: HourReportRequest) {
  return {
    task_id: taskId,
    project_id: projectId,
    user_id: user.id,
    hours: input.hours,
    date: input.date,
    created_at: now,
    updated_at: now,
  };
}
