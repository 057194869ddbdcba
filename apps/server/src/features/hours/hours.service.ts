import {
  lockTask,
  refreshTaskHours,
  requireTask,
  taskCardChanged,
  transactWithEvents,
} from '../../board-content/board-content.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { can, type CreateHourInput, type Hour, type UpdateHourInput } from '@teamboard/contract';
import type { AppDatabase } from '../../db/app-database.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import type { ProjectAccess } from '../../access/access.js';
import * as repo from './hours.repository.js';
import { reportHours } from './commands/report-hours/index.js';

function toHour(row: repo.HourRecord): Hour {
  return {
    id: row.id,
    hours: Number(row.hours),
    date: row.date,
    user_id: row.user_id,
    user_name: row.user_name,
    task_id: row.task_id,
    created_at: row.created_at,
  };
}

/** Hour reports; the task's total_hours is kept equal to their sum in the same transaction. */
export class HoursService {
  constructor(
    private readonly deps: { database: AppDatabase; db: Db; clock: Clock; realtime: RealtimePublisher },
  ) {}

  async list(access: ProjectAccess, taskId: number): Promise<Hour[]> {
    await this.task(this.deps.db, access, taskId);
    return (await repo.listHours(this.deps.db, taskId)).map(toHour);
  }

  /** Always the caller's own hours, in one step where the database can (commands/report-hours). */
  async create(user: UserRow, access: ProjectAccess, taskId: number, input: CreateHourInput): Promise<Hour> {
    const now = this.deps.clock.now().toISOString();
    const request = { user, projectId: access.project.id, taskId, input, now };
    const { hour, event } = await reportHours(this.deps.database, request);
    this.deps.realtime.board(event);
    return toHour({ ...hour, user_name: user.name });
  }

  async update(user: UserRow, access: ProjectAccess, hourId: number, input: UpdateHourInput): Promise<Hour> {
    const now = this.deps.clock.now().toISOString();
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const hour = await this.editable(trx, user, access, hourId);
      await lockTask(trx, hour.task_id);
      await repo.updateHour(trx, hour.id, { ...input, updated_at: now });
      await refreshTaskHours(trx, hour.task_id);
      events.push(await taskCardChanged(trx, hour.task_id));
      return toHour((await repo.findHour(trx, access.project.id, hour.id))!);
    });
  }

  async remove(user: UserRow, access: ProjectAccess, hourId: number): Promise<void> {
    await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const hour = await this.editable(trx, user, access, hourId);
      await lockTask(trx, hour.task_id);
      await repo.deleteHour(trx, hour.id);
      await refreshTaskHours(trx, hour.task_id);
      events.push(await taskCardChanged(trx, hour.task_id));
    });
  }

  /** Own entry (the route already required work.report_own), anyone's with work.moderate. */
  private async editable(db: Db, user: UserRow, access: ProjectAccess, hourId: number) {
    const hour = await repo.findHour(db, access.project.id, hourId);
    if (!hour) throw new AppError('NOT_FOUND');
    if (hour.user_id !== user.id && !can(access.role, 'work.moderate')) throw new AppError('FORBIDDEN');
    return hour;
  }

  private async task(db: Db, access: ProjectAccess, taskId: number) {
    return requireTask(db, access.project.id, taskId);
  }
}
