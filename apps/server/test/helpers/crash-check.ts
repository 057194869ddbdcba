import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { isSqlite } from '../../src/db/dialect.js';
import type { Ledger } from './crash-workload.js';

interface TaskState {
  title: string;
  columnId: number;
  totalHours: number;
}

/** The rows the crash test reasons about, read from the database after the kill. */
export interface Snapshot {
  tasks: Map<number, TaskState>;
  hours: Map<number, { taskId: number; hours: number; date: string }>;
  movedLogs: Map<number, number>;
  /** Invariants a half-applied transaction would break, one message each. */
  broken: string[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function readSnapshot(db: Db): Promise<Snapshot> {
  const [taskRows, hourRows, logRows, columnRows] = await Promise.all([
    db
      .selectFrom('tasks')
      .select(['id', 'title', 'column_id', 'board_id', 'position', 'total_hours'])
      .execute(),
    db.selectFrom('hours').select(['id', 'task_id', 'hours', 'date']).execute(),
    db
      .selectFrom('task_logs')
      .select(['task_id', 'field', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy(['task_id', 'field'])
      .execute(),
    db.selectFrom('columns').select(['id', 'board_id']).execute(),
  ]);
  const snapshot: Snapshot = { tasks: new Map(), hours: new Map(), movedLogs: new Map(), broken: [] };
  const boardOfColumn = new Map(columnRows.map((row) => [row.id, row.board_id]));
  const hourSums = new Map<number, number>();
  for (const row of hourRows) {
    snapshot.hours.set(row.id, { taskId: row.task_id, hours: Number(row.hours), date: row.date });
    hourSums.set(row.task_id, (hourSums.get(row.task_id) ?? 0) + Number(row.hours));
  }
  const created = new Set<number>();
  for (const row of logRows) {
    if (row.field === 'moved') snapshot.movedLogs.set(row.task_id, Number(row.count));
    if (row.field === 'created') created.add(row.task_id);
  }
  const positions = new Set<string>();
  for (const row of taskRows) {
    const totalHours = Number(row.total_hours);
    snapshot.tasks.set(row.id, { title: row.title, columnId: row.column_id, totalHours });
    const broken = (what: string) => snapshot.broken.push(`task ${row.id}: ${what}`);
    if (round2(hourSums.get(row.id) ?? 0) !== round2(totalHours)) {
      broken(`total_hours ${totalHours} ≠ sum of its hours ${hourSums.get(row.id) ?? 0}`);
    }
    if (boardOfColumn.get(row.column_id) !== row.board_id) broken('its column is not on its board');
    const slot = `${row.column_id}:${row.position}`;
    if (positions.has(slot)) broken(`shares position ${row.position} in column ${row.column_id}`);
    positions.add(slot);
    if (!created.has(row.id)) broken('has no "created" log entry');
  }
  for (const [id, hour] of snapshot.hours) {
    if (!snapshot.tasks.has(hour.taskId)) snapshot.broken.push(`hour ${id}: its task ${hour.taskId} is gone`);
  }
  return snapshot;
}

/** SQLite's own checks: `integrity_check` says ok and `foreign_key_check` finds nothing. */
export async function sqliteIntegrity(db: Db): Promise<string[]> {
  if (!isSqlite(db)) return [];
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
  return [
    ...integrity.rows.filter((row) => row.integrity_check !== 'ok').map((row) => row.integrity_check),
    ...foreignKeys.rows.map((row) => `foreign key: ${JSON.stringify(row)}`),
  ];
}

export interface Verdict {
  lost: string[];
  halfApplied: string[];
}

function count<T>(items: T[], item: T): number {
  return items.filter((candidate) => candidate === item).length;
}

/** Acknowledged writes must all be in `after`; anything else new must come from a write in flight. */
export function compare(before: Snapshot, after: Snapshot, ledger: Ledger): Verdict {
  const verdict: Verdict = { lost: [], halfApplied: [...after.broken] };
  const createdColumn = new Map(ledger.created.map((task) => [task.id, task.columnId]));
  for (const task of ledger.created) {
    if (after.tasks.get(task.id)?.title !== task.title) verdict.lost.push(`created task ${task.id}`);
  }
  for (const [id, task] of before.tasks) {
    if (!after.tasks.has(id)) verdict.lost.push(`task ${id} (${task.title}) vanished`);
  }
  for (const [id, task] of after.tasks) {
    const start = before.tasks.get(id)?.columnId ?? createdColumn.get(id);
    if (start === undefined) {
      if (!ledger.pendingTitles.has(task.title)) verdict.halfApplied.push(`task ${id} nobody created`);
      continue;
    }
    const moves = ledger.moves.get(id) ?? { acknowledged: [], pending: null };
    const allowed = [moves.acknowledged.at(-1) ?? start, moves.pending];
    if (!allowed.includes(task.columnId)) {
      const expected = allowed.filter((column) => column !== null).join(' or ');
      verdict.lost.push(`task ${id} in column ${task.columnId}, acknowledged ${expected}`);
    }
    const logged = (after.movedLogs.get(id) ?? 0) - (before.movedLogs.get(id) ?? 0);
    const pending = moves.pending === null ? 0 : 1;
    if (logged < moves.acknowledged.length) verdict.lost.push(`task ${id}: ${logged} move logs`);
    if (logged > moves.acknowledged.length + pending) verdict.halfApplied.push(`task ${id}: extra logs`);
  }
  for (const hour of ledger.hours) {
    const stored = after.hours.get(hour.id);
    if (stored?.hours !== hour.hours || stored.date !== hour.date || stored.taskId !== hour.taskId) {
      verdict.lost.push(`hour ${hour.id} (${hour.hours} h on task ${hour.taskId})`);
    }
  }
  for (const [id] of before.hours) if (!after.hours.has(id)) verdict.lost.push(`hour ${id} vanished`);
  const acknowledgedHours = new Set(ledger.hours.map((hour) => hour.id));
  const unexplained = new Map<number, number>();
  for (const [id, hour] of after.hours) {
    if (before.hours.has(id) || acknowledgedHours.has(id)) continue;
    const extra = (unexplained.get(hour.taskId) ?? 0) + 1;
    unexplained.set(hour.taskId, extra);
    if (extra > count(ledger.pendingHourTasks, hour.taskId)) {
      verdict.halfApplied.push(`hour ${id} on task ${hour.taskId} nobody reported`);
    }
  }
  return verdict;
}
