import { addDays, mondayOf, type CommitsReport, type PullRequestsReport } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { bucketsBetween } from '../../lib/day-buckets.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn, localDays, localDaysSql, startOfDay } from '../../lib/zone-days.js';
import { reportMembers } from './report-members.js';
import { checkRange } from './report-range.js';

/**
 * Commits per day (in the project's time zone) and author over the range, of every repository the
 * project has collected (unlinked ones included: their history stays), and how many are linked to
 * a task.
 */
export async function commitsReport(
  db: Db,
  projectId: number,
  timeZone: string,
  query: { start_date: string; end_date: string; user_id?: number; repository_id?: number },
): Promise<CommitsReport> {
  const { start_date, end_date } = query;
  checkRange(start_date, end_date);
  const days = localDays(start_date, end_date, timeZone);
  const byUser = query.user_id ? sql`and commits.user_id = ${query.user_id}` : sql``;
  const byRepository = query.repository_id ? sql`and commits.repository_id = ${query.repository_id}` : sql``;
  const { rows } = await sql<{
    day: string;
    user_id: number | null;
    commits: number | string;
    linked: number | string;
  }>`
    with days(day, from_at, before_at) as (${localDaysSql(days)})
    select days.day as day, commits.user_id as user_id, count(*) as commits,
      sum(case when exists (select 1 from task_commits
        where task_commits.commit_id = commits.id and task_commits.removed = 0) then 1 else 0 end) as linked
    from commits
    join repositories on repositories.id = commits.repository_id
    join days on commits.committed_at >= days.from_at and commits.committed_at < days.before_at
    where repositories.project_id = ${projectId}
      and commits.committed_at >= ${days[0]!.from} and commits.committed_at < ${days.at(-1)!.before}
      ${byUser} ${byRepository}
    group by days.day, commits.user_id`.execute(db);
  const cells = rows
    .map((row) => ({ day: String(row.day), user_id: row.user_id, commits: Number(row.commits) }))
    .sort((a, b) => a.day.localeCompare(b.day) || (a.user_id ?? 0) - (b.user_id ?? 0));
  const members = await reportMembers(
    db,
    projectId,
    cells.flatMap((cell) => (cell.user_id === null ? [] : [cell.user_id])),
  );
  const hasUnmapped = cells.some((cell) => cell.user_id === null);
  return {
    start_date,
    end_date,
    days: days.map((d) => d.day),
    members: hasUnmapped ? [...members, { user_id: null, name: '', is_member: false }] : members,
    cells,
    total: cells.reduce((sum, cell) => sum + cell.commits, 0),
    linked_to_tasks: rows.reduce((sum, row) => sum + Number(row.linked), 0),
  };
}

/** The pull-request report covers the last 12 weeks unless given a range. */
const DEFAULT_WEEKS = 12;

/**
 * Pull requests opened, merged and closed without merging per week (Monday first), time from
 * opening to merge of those merged in the range, and reviews submitted in the range per reviewer.
 */
export async function pullRequestsReport(
  db: Db,
  projectId: number,
  clock: { today: string; timeZone: string },
  query: { start_date?: string; end_date?: string },
): Promise<PullRequestsReport> {
  const end_date = query.end_date ?? clock.today;
  const start_date = query.start_date ?? mondayOf(addDays(end_date, -7 * (DEFAULT_WEEKS - 1)));
  checkRange(start_date, end_date);
  const from = startOfDay(start_date, clock.timeZone);
  const before = startOfDay(addDays(end_date, 1), clock.timeZone);
  // Pull requests are few (tens per team and term): the ones touching the range are read once.
  const pulls = await db
    .selectFrom('pull_requests')
    .innerJoin('repositories', 'repositories.id', 'pull_requests.repository_id')
    .select([
      'pull_requests.opened_at',
      'pull_requests.merged_at',
      'pull_requests.closed_at',
      'pull_requests.reviewers',
    ])
    .where('repositories.project_id', '=', projectId)
    .where((eb) =>
      eb.or([
        eb.and([eb('pull_requests.opened_at', '>=', from), eb('pull_requests.opened_at', '<', before)]),
        eb.and([eb('pull_requests.closed_at', '>=', from), eb('pull_requests.closed_at', '<', before)]),
        eb.and([eb('pull_requests.merged_at', '>=', from), eb('pull_requests.merged_at', '<', before)]),
        eb('pull_requests.updated_at', '>=', from),
      ]),
    )
    .execute();
  const inRange = (at: string | null): at is string => at !== null && at >= from && at < before;
  const weeks = new Map(
    bucketsBetween(start_date, end_date, 'week').map((week) => [
      week,
      { week, opened: 0, merged: 0, closed: 0 },
    ]),
  );
  const weekOf = (at: string) => weeks.get(mondayOf(dayIn(at, clock.timeZone)));
  const mergeHours: number[] = [];
  const reviews = new Map<string, number>();
  for (const pull of pulls) {
    if (inRange(pull.opened_at)) weekOf(pull.opened_at)!.opened += 1;
    if (inRange(pull.merged_at)) {
      weekOf(pull.merged_at)!.merged += 1;
      mergeHours.push((Date.parse(pull.merged_at) - Date.parse(pull.opened_at)) / 3_600_000);
    } else if (pull.merged_at === null && inRange(pull.closed_at)) weekOf(pull.closed_at)!.closed += 1;
    for (const review of JSON.parse(pull.reviewers) as { login: string; submitted_at: string | null }[]) {
      if (inRange(review.submitted_at)) reviews.set(review.login, (reviews.get(review.login) ?? 0) + 1);
    }
  }
  return {
    start_date,
    end_date,
    weeks: [...weeks.values()],
    time_to_merge_hours: {
      median: mergeHours.length ? round2(median(mergeHours)) : null,
      mean: mergeHours.length ? round2(mergeHours.reduce((a, b) => a + b, 0) / mergeHours.length) : null,
      count: mergeHours.length,
    },
    reviews: await reviewers(db, projectId, reviews),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Reviewers by login, each mapped to the member whose `gitname` or `labname` it is. */
async function reviewers(db: Db, projectId: number, counts: Map<string, number>) {
  const members = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id', 'users.name', 'users.gitname', 'users.labname'])
    .where('project_members.project_id', '=', projectId)
    .execute();
  const memberOf = (login: string) =>
    members.find((m) =>
      [m.gitname, m.labname].some((handle) => handle?.toLowerCase() === login.toLowerCase()),
    );
  return [...counts]
    .map(([login, reviews]) => {
      const member = memberOf(login);
      return { login, user_id: member?.id ?? null, name: member?.name ?? login, reviews };
    })
    .sort((a, b) => b.reviews - a.reviews || a.login.localeCompare(b.login));
}
