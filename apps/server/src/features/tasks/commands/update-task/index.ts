import type { TaskDetail, UpdateTaskInput } from '@teamboard/contract';
import type { AppDatabase } from '../../../../db/app-database.js';
import { oneStepOr } from '../../../../db/one-step.js';
import type { UserRow } from '../../../../users/users.js';
import { isScalarOnly } from './fields.js';
import { ordinaryUpdate } from './ordinary.js';
import { pipelinedUpdate } from './postgres.js';
import { directUpdate } from './sqlite.js';

export interface UpdateRequest {
  user: UserRow;
  project: { id: number; name: string };
  taskId: number;
  input: UpdateTaskInput;
  now: string;
}

/** The task's detail, and the board version announcing the change (null: nothing changed). */
export interface UpdatedTask {
  detail: TaskDetail;
  seq: number | null;
}

/**
 * PUT /api/tasks/:id, in one home. The ordinary transaction (ordinary.ts) is the reference and
 * does every update; one of the task's own columns only (fields.ts isScalarOnly) that changes
 * something is one synchronous transaction on SQLite (sqlite.ts), one round trip on PostgreSQL
 * (postgres.ts). Those answer null, having written nothing, where the ordinary one must decide.
 */
export function updateTask(database: AppDatabase, request: UpdateRequest): Promise<UpdatedTask> {
  const { db, oneStep } = database;
  return oneStepOr(
    isScalarOnly(request.input) ? oneStep : null,
    {
      sqlite: (direct) => directUpdate(db, direct, request),
      postgres: (pipeline) => pipelinedUpdate(db, pipeline, request),
    },
    () => ordinaryUpdate(db, request),
  );
}
