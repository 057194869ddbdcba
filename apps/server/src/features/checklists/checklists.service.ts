import { requireTask, taskCardChanged, transactWithEvents } from '../../board-content/board-content.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { ChecklistItem, CreateChecklistItemInput, UpdateChecklistItemInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ProjectAccess } from '../../access/access.js';
import { rebalanceIfCrowded } from '../../lib/rebalance.js';
import * as repo from './checklists.repository.js';
import type { ChecklistItemRow } from './checklists.table.js';

function toItem(row: ChecklistItemRow): ChecklistItem {
  return {
    id: row.id,
    text: row.text,
    status: row.status,
    position: row.position,
    created_at: row.created_at,
    task_id: row.task_id,
  };
}

export class ChecklistsService {
  constructor(private readonly deps: { db: Db; clock: Clock; realtime: RealtimePublisher }) {}

  async list(access: ProjectAccess, taskId: number): Promise<ChecklistItem[]> {
    await this.task(access, taskId);
    return (await repo.listItems(this.deps.db, taskId)).map(toItem);
  }

  async create(
    access: ProjectAccess,
    taskId: number,
    input: CreateChecklistItemInput,
  ): Promise<ChecklistItem> {
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await this.task(access, taskId, trx);
      const row = await repo.insertItem(trx, {
        task_id: taskId,
        text: input.text,
        status: 'pending',
        position: await repo.nextPosition(trx, taskId),
        created_at: this.deps.clock.now().toISOString(),
      });
      events.push(await taskCardChanged(trx, taskId));
      return toItem(row);
    });
  }

  async update(access: ProjectAccess, id: number, input: UpdateChecklistItemInput): Promise<ChecklistItem> {
    const item = await repo.findItem(this.deps.db, access.project.id, id);
    if (!item) throw new AppError('NOT_FOUND');
    if (Object.keys(input).length === 0) return toItem(item);
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      let row = await repo.updateItem(trx, id, input);
      if (input.position !== undefined) {
        const list = { table: 'checklist_items', key: 'position', scope: { task_id: item.task_id } } as const;
        if ((await rebalanceIfCrowded(trx, list)).length > 0)
          row = (await repo.findItem(trx, access.project.id, id))!;
      }
      events.push(await taskCardChanged(trx, item.task_id));
      return toItem(row);
    });
  }

  async remove(access: ProjectAccess, id: number): Promise<void> {
    const item = await repo.findItem(this.deps.db, access.project.id, id);
    if (!item) throw new AppError('NOT_FOUND');
    await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await repo.deleteItem(trx, id);
      events.push(await taskCardChanged(trx, item.task_id));
    });
  }

  private async task(access: ProjectAccess, taskId: number, db: Db = this.deps.db): Promise<void> {
    await requireTask(db, access.project.id, taskId);
  }
}
