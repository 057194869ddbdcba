import type { TaskDetail } from '@teamboard/contract';
import type { Db } from '../../../db/database.js';
import type { DirectStatements } from '../../../db/sqlite-direct.js';
import { boardVersionBump } from '../../../board-content/board-versions.js';
import type { UserRow } from '../../../users/users.js';
import { logsInsert, type LogChange } from '../task-logs.js';
import type { TaskRow } from '../tasks.table.js';

/** What a task create or update answers: the task's detail and the board version announcing it. */
export interface WrittenTask {
  detail: TaskDetail;
  seq: number;
}

/** A row of a pipelined task write: the task with its board's new version. */
export type Versioned = TaskRow & { version: number };

/** A SQLite task write's last steps: its log entries, then its board's version bump (the last write). */
export function logAndBump(
  db: Db,
  statements: DirectStatements,
  user: UserRow,
  now: string,
  boardId: number,
  logs: LogChange[],
): number {
  statements.run(logsInsert(db, user, now, logs));
  return statements.first(boardVersionBump(db, boardId))!.version;
}
