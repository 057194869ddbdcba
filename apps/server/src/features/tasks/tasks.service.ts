import type {
  CreateTaskInput,
  MoveTaskInput,
  TaskDetail,
  TaskLog,
  TaskSummary,
  UpdateTaskInput,
} from '@teamboard/contract';
import type { AppDatabase } from '../../db/app-database.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import * as content from '../../board-content/board-content.js';
import { toCard, toDetail, toSummaries, type StoredFiles } from '../../board-content/board-content.js';
import { rememberProjectOf, type ProjectAccess } from '../../access/access.js';
import { recordActivity } from '../activity/activity.service.js';
import { createTask } from './commands/create-task/index.js';
import { moveTask } from './commands/move-task/index.js';
import { updateTask } from './commands/update-task/index.js';
import { listLogs, writeLogs } from './task-logs.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import * as repo from './tasks.repository.js';
import type { TaskRow } from './tasks.table.js';

/** Other features that change a task's details (code hosting's commit links) log them the same way. */
export { writeLogs as writeTaskLogs } from './task-logs.js';

/** Marks a task changed at `at` (a commit linked or unlinked by code-hosting changes its card). */
export async function touchTask(db: Db, taskId: number, at: string): Promise<void> {
  await repo.touchTask(db, taskId, at);
}

export interface TasksDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  attachments: StoredFiles;
  realtime: RealtimePublisher;
}

export class TasksService {
  constructor(private readonly deps: TasksDeps) {}

  async create(
    user: UserRow,
    access: ProjectAccess,
    columnId: number,
    input: CreateTaskInput,
  ): Promise<TaskDetail> {
    const request = { user, projectId: access.project.id, columnId, title: input.title, now: this.nowIso() };
    const { detail, seq } = await createTask(this.deps.database, request);
    rememberProjectOf(this.deps.database, 'tasks', [detail.id], request.projectId);
    this.publishCard('task.created', seq, detail);
    return detail;
  }

  async view(access: ProjectAccess, taskId: number): Promise<TaskDetail> {
    return toDetail(this.deps.db, await this.task(this.deps.db, access, taskId));
  }

  async update(
    user: UserRow,
    access: ProjectAccess,
    taskId: number,
    input: UpdateTaskInput,
  ): Promise<TaskDetail> {
    const request = { user, project: access.project, taskId, input, now: this.nowIso() };
    const { detail, seq } = await updateTask(this.deps.database, request);
    if (seq !== null) this.publishCard('task.updated', seq, detail);
    return detail;
  }

  /** Its attachments' files are removed from storage once the delete has committed. */
  async remove(access: ProjectAccess, taskId: number): Promise<void> {
    const { keys, task, seq } = await this.deps.db.transaction().execute(async (trx) => {
      const task = await this.task(trx, access, taskId);
      const stored = await this.deps.attachments.storedKeys(trx, { taskId: task.id });
      await repo.deleteTask(trx, task.id);
      return { keys: stored, task, seq: await content.bumpBoardVersion(trx, task.board_id) };
    });
    this.deps.realtime.board({
      type: 'task.deleted',
      board_id: task.board_id,
      seq,
      data: { task_id: task.id, column_id: task.column_id },
    });
    await this.deps.attachments.removeFiles(keys);
  }

  /** In one step where the database can (commands/move-task); a crowded column is renumbered first. */
  async move(
    user: UserRow,
    access: ProjectAccess,
    taskId: number,
    input: MoveTaskInput,
  ): Promise<TaskSummary> {
    const request = { user, projectId: access.project.id, taskId, input, now: this.nowIso() };
    const { card, boardId, seq, renumbering } = await moveTask(this.deps.database, request);
    if (renumbering) {
      const { tasks, seq: renumberSeq } = renumbering;
      this.deps.realtime.board({
        type: 'tasks.updated',
        board_id: boardId,
        seq: renumberSeq,
        data: { tasks },
      });
    }
    this.deps.realtime.board({ type: 'task.moved', board_id: boardId, seq, data: { task: card } });
    return card;
  }

  async logs(access: ProjectAccess, taskId: number): Promise<TaskLog[]> {
    const task = await this.task(this.deps.db, access, taskId);
    return listLogs(this.deps.db, task.id);
  }

  async search(access: ProjectAccess, boardId: number, q: string | undefined, archived: boolean) {
    const board = await content.findBoard(this.deps.db, access.project.id, boardId);
    if (!board) throw new AppError('NOT_FOUND');
    const rows = q
      ? await repo.searchBoardTasks(this.deps.db, board.id, archived, q)
      : await repo.listBoardTasks(this.deps.db, board.id, archived);
    return toSummaries(this.deps.db, rows, { taskIds: rows.map((row) => row.id) });
  }

  /** Archive or complete every task of the column: one update, one bulk log insert. */
  async flagColumn(
    user: UserRow,
    access: ProjectAccess,
    columnId: number,
    flag: 'is_archived' | 'completed',
  ) {
    const now = this.nowIso();
    const { cards, boardId, seq } = await this.deps.db.transaction().execute(async (trx) => {
      const column = await this.column(trx, access, columnId);
      const changes: repo.TaskChanges = {
        updated_at: now,
        ...(flag === 'completed' ? { completed_at: now } : {}),
      };
      const rows = await repo.setFlagInColumn(trx, column.id, flag, changes);
      await writeLogs(
        trx,
        user,
        now,
        rows.map((row) => ({ task_id: row.id, field: flag, old_value: 'false', new_value: 'true' })),
      );
      if (flag === 'completed' && rows.length > 0) {
        const subject = { userId: null, name: column.name };
        await recordActivity(trx, {
          kind: 'column.completed',
          actor: user,
          project: access.project,
          subject,
          at: now,
        });
      }
      const seq = rows.length > 0 ? await content.bumpBoardVersion(trx, column.board_id) : null;
      const cards = await toSummaries(trx, rows, { taskIds: rows.map((row) => row.id) });
      return { cards, boardId: column.board_id, seq };
    });
    if (seq !== null) {
      this.deps.realtime.board({ type: 'tasks.updated', board_id: boardId, seq, data: { tasks: cards } });
    }
    return cards;
  }

  private publishCard(type: 'task.created' | 'task.updated', seq: number, task: TaskDetail): void {
    this.deps.realtime.board({ type, board_id: task.board_id, seq, data: { task: toCard(task) } });
  }

  private async task(db: Db, access: ProjectAccess, taskId: number): Promise<TaskRow> {
    const task = await content.findTask(db, access.project.id, taskId);
    if (!task) throw new AppError('NOT_FOUND');
    return task;
  }

  private async column(db: Db, access: ProjectAccess, columnId: number) {
    const column = await content.findColumn(db, columnId);
    if (!column || column.project_id !== access.project.id) throw new AppError('NOT_FOUND');
    return column;
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** A task's title and description, for another feature's context (the assistant's help-bot section). */
export async function taskSummary(
  db: Db,
  id: number,
): Promise<{ id: number; project_id: number; title: string; description: string } | undefined> {
  const row = await db
    .selectFrom('tasks')
    .select(['id', 'project_id', 'title', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, description: row.description ?? '' };
}
