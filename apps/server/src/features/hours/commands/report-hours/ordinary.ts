import {
  refreshTaskHours,
  requireLockedTask,
  taskCardChanged,
} from '../../../../board-content/board-content.js';
import type { Db } from '../../../../db/database.js';
import * as repo from '../../hours.repository.js';
import type { HourReportRequest, ReportedHours } from './index.js';

/** The hour report as a Kysely transaction: the reference the one-step variants follow. */
export function ordinaryHourReport(
  db: Db,
  { user, projectId, taskId, input, now }: HourReportRequest,
): Promise<ReportedHours> {
  return db.transaction().execute(async (trx) => {
    await requireLockedTask(trx, projectId, taskId);
    const hour = await repo.insertHour(trx, {
      task_id: taskId,
      project_id: projectId,
      user_id: user.id,
      hours: input.hours,
      date: input.date,
      created_at: now,
      updated_at: now,
    });
    await refreshTaskHours(trx, taskId);
    return { hour, event: await taskCardChanged(trx, taskId) };
  });
}
