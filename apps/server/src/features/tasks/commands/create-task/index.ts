import type { AppDatabase } from '../../../../db/app-database.js';
import { oneStepOr } from '../../../../db/one-step.js';
import type { UserRow } from '../../../../users/users.js';
import type { WrittenTask } from '../written.js';
import { ordinaryCreate } from './ordinary.js';
import { pipelinedCreate } from './postgres.js';
import { directCreate } from './sqlite.js';

export interface CreateRequest {
  user: UserRow;
  projectId: number;
  columnId: number;
  title: string;
  now: string;
}

/**
 * POST /api/columns/:id/tasks, in one home: a new task at the end of its column (placement.ts
 * endOfColumnPosition), logged as created, its board bumped; 404 when the column is not the
 * project's. The ordinary transaction (ordinary.ts) is the reference; one synchronous transaction
 * on SQLite (sqlite.ts), one round trip on PostgreSQL (postgres.ts).
 */
export function createTask(database: AppDatabase, request: CreateRequest): Promise<WrittenTask> {
  const { db, oneStep } = database;
  return oneStepOr(
    oneStep,
    {
      sqlite: (direct) => directCreate(db, direct, request),
      postgres: (pipeline) => pipelinedCreate(db, pipeline, request),
    },
    () => ordinaryCreate(db, request),
  );
}
