import type { MoveTaskInput, TaskSummary } from '@teamboard/contract';
import type { AppDatabase } from '../../../../db/app-database.js';
import { oneStepOr } from '../../../../db/one-step.js';
import type { UserRow } from '../../../../users/users.js';
import { ordinaryMove, type MovedTask } from './ordinary.js';
import { pipelinedMove } from './postgres.js';
import { directMove } from './sqlite.js';

export interface MoveRequest {
  user: UserRow;
  projectId: number;
  taskId: number;
  input: MoveTaskInput;
  now: string;
}

/** What a one-step move answers: the moved card and the board version that announces it. */
export interface MovedCard {
  card: TaskSummary;
  boardId: number;
  seq: number;
}

const withoutRenumbering = (moved: MovedCard | null): MovedTask | null =>
  moved && { ...moved, renumbering: null };

/**
 * POST /api/tasks/:id/move, in one home: validate the column (same board, else 404) and the
 * neighbours, place (lib/sort-keys.ts), log, bump. The ordinary transaction (ordinary.ts) is the
 * reference and decides every case; the usual move is one synchronous transaction on SQLite
 * (sqlite.ts), one round trip on PostgreSQL (postgres.ts). Those never renumber a column: a crowded
 * one, like a 404 or a 422, is left to the ordinary move.
 */
export function moveTask(database: AppDatabase, request: MoveRequest): Promise<MovedTask> {
  const { db, oneStep } = database;
  return oneStepOr(
    oneStep,
    {
      sqlite: async (direct) => withoutRenumbering(await directMove(db, direct, request)),
      postgres: async (pipeline) => withoutRenumbering(await pipelinedMove(db, pipeline, request)),
    },
    () => ordinaryMove(db, request),
  );
}
