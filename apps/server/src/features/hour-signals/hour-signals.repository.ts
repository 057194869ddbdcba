import type { Db } from '../../db/database.js';

/** The period asked about: dates worked `fromDay`…`toDay`, and its instants (UTC ISO, `before` exclusive). */
export interface Period {
  fromDay: string;
  toDay: string;
  from: string;
  before: string;
}

export interface LoggedEntry {
  id: number;
  user_id: number;
  task_id: number;
  task_title: string;
  date: string;
  hours: number;
  created_at: string;
}

/** Every hour entry of the project for a date worked in the period, per member in the order typed in. */
export async function loggedEntries(db: Db, projectId: number, period: Period): Promise<LoggedEntry[]> {
  const rows = await db
    .selectFrom('hours')
    .innerJoin('tasks', 'tasks.id', 'hours.task_id')
    .select([
      'hours.id',
      'hours.user_id',
      'hours.task_id',
      'tasks.title as task_title',
      'hours.date',
      'hours.hours',
      'hours.created_at',
    ])
    .where('hours.project_id', '=', projectId)
    .where('hours.date', '>=', period.fromDay)
    .where('hours.date', '<=', period.toDay)
    .orderBy('hours.user_id')
    .orderBy('hours.created_at')
    .orderBy('hours.id')
    .execute();
  return rows.map((row) => ({ ...row, hours: Number(row.hours) }));
}
