import type { HoursFilter, HoursReport, UsersHoursReport } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { bucketsBetween, bucketSql } from '../../lib/day-buckets.js';
import { round2 } from '../../lib/numbers.js';
import { reportMembers } from './report-members.js';
import { checkRange } from './report-range.js';

/** Hours per bucket (day, week from Monday, month, year) and member, summed in the database. */
export async function hoursReport(
  db: Db,
  projectId: number,
  range: { start_date: string; end_date: string; filter: HoursFilter },
): Promise<HoursReport> {
  const { start_date, end_date, filter } = range;
  checkRange(start_date, end_date, filter);
  const bucket = bucketSql(db, sql.ref('date'), filter);
  const rows = await db
    .selectFrom('hours')
    .select((eb) => ['user_id', bucket.as('bucket'), eb.fn.sum<number | string>('hours').as('hours')])
    .where('project_id', '=', projectId)
    .where('date', '>=', start_date)
    .where('date', '<=', end_date)
    .groupBy(['user_id', bucket])
    .execute();
  const cells = rows
    .map((row) => ({ bucket: String(row.bucket), user_id: row.user_id, hours: round2(Number(row.hours)) }))
    .filter((cell) => cell.hours !== 0)
    .sort((a, b) => a.bucket.localeCompare(b.bucket) || a.user_id - b.user_id);
  return {
    start_date,
    end_date,
    filter,
    buckets: bucketsBetween(start_date, end_date, filter),
    members: await reportMembers(
      db,
      projectId,
      cells.map((cell) => cell.user_id),
    ),
    cells,
    total: round2(cells.reduce((sum, cell) => sum + cell.hours, 0)),
  };
}

/** Each member's hours over the range and their share of the total (members with none included). */
export async function usersHoursReport(
  db: Db,
  projectId: number,
  range: { start_date: string; end_date: string },
): Promise<UsersHoursReport> {
  const { start_date, end_date } = range;
  checkRange(start_date, end_date);
  const rows = await db
    .selectFrom('hours')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('hours').as('hours')])
    .where('project_id', '=', projectId)
    .where('date', '>=', start_date)
    .where('date', '<=', end_date)
    .groupBy('user_id')
    .execute();
  const byUser = new Map(rows.map((row) => [row.user_id, round2(Number(row.hours))]));
  const total = round2([...byUser.values()].reduce((sum, hours) => sum + hours, 0));
  const members = await reportMembers(db, projectId, byUser.keys());
  return {
    start_date,
    end_date,
    rows: members
      .map((member) => {
        const hours = byUser.get(member.user_id!) ?? 0;
        return { ...member, hours, share: total === 0 ? 0 : round2((hours / total) * 100) / 100 };
      })
      .filter((row) => row.is_member || row.hours !== 0)
      .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name)),
    total,
  };
}
