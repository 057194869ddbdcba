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
import { oneStepOr } from '../../db/one-step.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import * as content from '../../board-content/board-content.js';
import {
  cardOf,
  toCard,
  toDetail,
  toSummaries,
  type StoredFiles,
} from '../../board-content/board-content.js';
import { rememberProjectOf, type ProjectAccess } from '../../access/access.js';
import { recordActivity } from '../activity/activity.service.js';
import { assertAssignable } from './task-assignees.js';
import { listLogs, logValue, writeLogs, type LogChange } from './task-logs.js';
import { isScalarOnly, logIfChanged, scalarChanges } from './task-changes.js';
import { pipelinedCreate, pipelinedUpdate, type CreateRequest } from './task-writes-pipelined.js';
import { findTaskWithColumnName, lockTargetColumn, positionInColumn } from './task-move.js';
import { directMove } from './task-move-direct.js';
import { directCreate, directUpdate } from './task-writes-direct.js';
import { pipelinedMove, type MoveRequest } from './task-move-pipelined.js';
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

/** The cards of tasks a move renumbered, with the board version that announces them. */
async function renumberedCards(db: Db, boardId: number, taskIds: number[]) {
  const rows = await db.selectFrom('tasks').select(content.CARD_COLUMNS).where('id', 'in', taskIds).execute();
  const tasks = await toSummaries(db, rows, { taskIds });
  return { tasks, seq: await content.bumpBoardVersion(db, boardId) };
}

function withoutRenumbering<T>(moved: T | null) {
  return moved && { ...moved, renumbering: null };
}

export class TasksService {
  constructor(private readonly deps: TasksDeps) {}

  async create(
    user: UserRow,
    access: ProjectAccess,
    columnId: number,
    input: CreateTaskInput,
  ): Promise<TaskDetail> {
    const now = this.nowIso();
    const request = { user, projectId: access.project.id, columnId, title: input.title, now };
    const { db, oneStep } = this.deps.database;
    const { detail, seq } = await oneStepOr(
      oneStep,
      {
        sqlite: (direct) => directCreate(db, direct, request),
        postgres: (pipeline) => pipelinedCreate(db, pipeline, request),
      },
      () => this.createInTransaction(request),
    );
    rememberProjectOf(this.deps.database, 'tasks', [detail.id], request.projectId);
    this.publishCard('task.created', seq, detail);
    return detail;
  }

  private createInTransaction({ user, projectId, columnId, title, now }: CreateRequest) {
    return this.deps.db.transaction().execute(async (trx) => {
      const column = await lockTargetColumn(trx, columnId);
      if (!column || column.project_id !== projectId) throw new AppError('NOT_FOUND');
      const task = await repo.insertTask(trx, {
        column_id: column.id,
        board_id: column.board_id,
        project_id: projectId,
        title,
        position: await repo.nextTaskPosition(trx, column.id),
        created_by: user.id,
        created_at: now,
        updated_at: now,
      });
      await writeLogs(trx, user, now, [
        { task_id: task.id, field: 'created', old_value: null, new_value: task.title },
      ]);
      const seq = await content.bumpBoardVersion(trx, column.board_id);
      return { detail: await toDetail(trx, task), seq };
    });
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
    const now = this.nowIso();
    const oneStep = await this.updateOneStep(user, access, taskId, input, now);
    if (oneStep) {
      this.publishCard('task.updated', oneStep.seq, oneStep.detail);
      return oneStep.detail;
    }
    const { detail, seq } = await this.deps.db.transaction().execute(async (trx) => {
      const task = await this.task(trx, access, taskId);
      const logs: LogChange[] = [];
      if (input.milestone_id != null)
        await content.assertProjectMilestone(trx, access.project.id, input.milestone_id);
      if (input.assigned !== undefined) {
        const ids = [...new Set(input.assigned)].sort((a, b) => a - b);
        const before = await repo.assigneeIds(trx, task.id);
        await assertAssignable(trx, access.project.id, ids, before);
        if (logValue(before) !== logValue(ids)) await repo.replaceAssignees(trx, task.id, ids);
        logIfChanged(logs, task.id, 'assigned', before, ids);
      }
      if (input.labels !== undefined) {
        const ids = (await content.assertProjectLabels(trx, access.project.id, input.labels)).sort(
          (a, b) => a - b,
        );
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
        await recordActivity(trx, {
          kind: 'task.completed',
          actor: user,
          project: access.project,
          subject,
          at: now,
        });
      }
      const seq = logs.length > 0 ? await content.bumpBoardVersion(trx, task.board_id) : null;
      return { detail: await toDetail(trx, updated), seq };
    });
    if (seq !== null) this.publishCard('task.updated', seq, detail);
    return detail;
  }

  /**
   * An update of the task's own fields is one round trip on PostgreSQL (task-writes-pipelined.ts),
   * one synchronous transaction on SQLite (task-writes-direct.ts); the rest, and an update that
   * changes nothing, take the transaction above (PostgreSQL's task not found too: a 404 there).
   */
  private async updateOneStep(
    user: UserRow,
    access: ProjectAccess,
    taskId: number,
    input: UpdateTaskInput,
    now: string,
  ) {
    if (!isScalarOnly(input)) return null;
    const request = { user, project: access.project, taskId, input, now };
    const { db, oneStep } = this.deps.database;
    return oneStepOr(
      oneStep,
      {
        sqlite: (direct) => directUpdate(db, direct, request),
        postgres: (pipeline) => pipelinedUpdate(db, pipeline, request),
      },
      async () => null,
    );
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

  /**
   * One transaction: validate the column (same board, else 404) and neighbours, place, log. The
   * usual move is one step: one round trip on PostgreSQL (task-move-pipelined.ts), one synchronous
   * transaction on SQLite (task-move-direct.ts); anything they do not move comes here, where the
   * outcome is decided.
   */
  async move(
    user: UserRow,
    access: ProjectAccess,
    taskId: number,
    input: MoveTaskInput,
  ): Promise<TaskSummary> {
    const now = this.nowIso();
    const request = { user, projectId: access.project.id, taskId, input, now };
    const { db, oneStep } = this.deps.database;
    // The one-step moves never renumber a column: a crowded one is left to the ordinary move.
    const { card, boardId, seq, renumbering } = await oneStepOr(
      oneStep,
      {
        sqlite: async (direct) => withoutRenumbering(await directMove(db, direct, request)),
        postgres: async (pipeline) => withoutRenumbering(await pipelinedMove(db, pipeline, request)),
      },
      () => this.moveInTransaction(request),
    );
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

  private moveInTransaction({ user, projectId, taskId, input, now }: MoveRequest) {
    return this.deps.db.transaction().execute(async (trx) => {
      const target = await lockTargetColumn(trx, input.column_id);
      const task = await findTaskWithColumnName(trx, projectId, taskId);
      if (!task || !target || target.board_id !== task.board_id) throw new AppError('NOT_FOUND');
      const { position, renumbered } = await positionInColumn(
        trx,
        target.id,
        task.id,
        input.after_id,
        input.before_id,
      );
      const moved = await repo.updateTask(trx, task.id, { position, updated_at: now, column_id: target.id });
      await writeLogs(trx, user, now, [
        { task_id: task.id, field: 'moved', old_value: task.column_name, new_value: target.name },
      ]);
      // A renumbered column is announced as its own version, before the move's, as columns are; both
      // bumps come after the task's update, so the board row is still the last lock taken.
      const renumbering =
        renumbered.length > 0 ? await renumberedCards(trx, task.board_id, renumbered) : null;
      const seq = await content.bumpBoardVersion(trx, task.board_id);
      return { card: await cardOf(trx, moved), boardId: task.board_id, seq, renumbering };
    });
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
