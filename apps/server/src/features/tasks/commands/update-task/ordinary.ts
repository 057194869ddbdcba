import * as content from '../../../../board-content/board-content.js';
import type { Db } from '../../../../db/database.js';
import { AppError } from '../../../../lib/app-error.js';
import { recordActivity } from '../../../activity/activity.service.js';
import { assertAssignable } from '../../task-assignees.js';
import { logValue, writeLogs, type LogChange } from '../../task-logs.js';
import * as repo from '../../tasks.repository.js';
import { logIfChanged, scalarChanges } from './fields.js';
import type { UpdatedTask, UpdateRequest } from './index.js';

/** The update as a Kysely transaction: assignees, labels, then the task's own columns; the reference. */
export function ordinaryUpdate(db: Db, request: UpdateRequest): Promise<UpdatedTask> {
  const { user, project, taskId, input, now } = request;
  return db.transaction().execute(async (trx) => {
    const task = await content.findTask(trx, project.id, taskId);
    if (!task) throw new AppError('NOT_FOUND');
    const logs: LogChange[] = [];
    if (input.milestone_id != null) await content.assertProjectMilestone(trx, project.id, input.milestone_id);
    if (input.assigned !== undefined) {
      const ids = [...new Set(input.assigned)].sort((a, b) => a - b);
      const before = await repo.assigneeIds(trx, task.id);
      await assertAssignable(trx, project.id, ids, before);
      if (logValue(before) !== logValue(ids)) await repo.replaceAssignees(trx, task.id, ids);
      logIfChanged(logs, task.id, 'assigned', before, ids);
    }
    if (input.labels !== undefined) {
      const ids = (await content.assertProjectLabels(trx, project.id, input.labels)).sort((a, b) => a - b);
      const before = await repo.labelIds(trx, task.id);
      if (logValue(before) !== logValue(ids)) await repo.replaceLabels(trx, task.id, ids);
      logIfChanged(logs, task.id, 'labels', before, ids);
    }
    const scalar = scalarChanges(task, input, now);
    const changes = scalar.changes;
    logs.push(...scalar.logs);
    const updated = logs.length > 0 ? await repo.updateTask(trx, task.id, changes) : task;
    await writeLogs(trx, user, now, logs);
    if (changes.completed === 1) {
      const subject = { userId: null, name: updated.title };
      await recordActivity(trx, { kind: 'task.completed', actor: user, project, subject, at: now });
    }
    const seq = logs.length > 0 ? await content.bumpBoardVersion(trx, task.board_id) : null;
    return { detail: await content.toDetail(trx, updated), seq };
  });
}
