import type { CreateHourInput } from '@teamboard/contract';
import type { AppDatabase } from '../../../../db/app-database.js';
import { oneStepOr } from '../../../../db/one-step.js';
import type { BoardEventDraft } from '../../../../realtime/publisher.js';
import type { UserRow } from '../../../../users/users.js';
import type { HourRow } from '../../hours.table.js';
import { ordinaryHourReport } from './ordinary.js';
import { pipelinedHourReport } from './postgres.js';
import { directHourReport } from './sqlite.js';

export interface HourReportRequest {
  user: UserRow;
  projectId: number;
  taskId: number;
  input: CreateHourInput;
  now: string;
}

/** The hours written and the card event to publish once they are committed. */
export interface ReportedHours {
  hour: HourRow;
  event: BoardEventDraft;
}

/**
 * POST /api/tasks/:id/hours, in one home: the ordinary transaction (ordinary.ts, the reference),
 * one synchronous transaction on SQLite (sqlite.ts), one round trip on PostgreSQL (postgres.ts).
 * Check the task is the project's (404), insert the hours, set the task's total to their sum
 * (rounded to cents), bump the board and read the card.
 */
export function reportHours(database: AppDatabase, request: HourReportRequest): Promise<ReportedHours> {
  const { db, oneStep } = database;
  return oneStepOr(
    oneStep,
    {
      sqlite: (direct) => directHourReport(db, direct, request),
      postgres: (pipeline) => pipelinedHourReport(db, pipeline, request),
    },
    () => ordinaryHourReport(db, request),
  );
}
