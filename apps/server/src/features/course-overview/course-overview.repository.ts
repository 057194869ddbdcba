import type { ProjectRole } from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The facts of the course overview, each ONE query over every visible project at once, grouped by
 * project (docs/api-course-overview.md, Performance): the number of queries does not grow with the
 * number of teams. Days are `YYYY-MM-DD` in each project's zone, timestamps UTC ISO text.
 */

/** One visible project's bounds, in its own time zone. */
export interface ProjectWindow {
  projectId: number;
  today: string;
  /** This week's Monday, and the first day of the mood window. */
  weekFrom: string;
  moodFrom: string;
  /** The first instant of `weekFrom` and of the day after `today`. */
  weekFromAt: string;
  beforeAt: string;
}

/** The `scope(project_id, today, week_from, mood_from, week_from_at, before_at)` rows of a `with`. */
function scopeSql(windows: ProjectWindow[]): RawBuilder<unknown> {
  const rows = windows.map(
    (w) =>
      sql`(cast(${w.projectId} as integer), ${w.today}, ${w.weekFrom}, ${w.moodFrom}, ${w.weekFromAt}, ${w.beforeAt})`,
  );
  return sql`scope(project_id, today, week_from, mood_from, week_from_at, before_at) as (values ${sql.join(rows)})`;
}

/**
 * The earliest and latest of the windows' days: the same bound for every project, as constants the
 * planner can use with an index on the day (a join to `scope` alone would read the whole table).
 */
function dayBounds(windows: ProjectWindow[], from: (w: ProjectWindow) => string) {
  const firsts = windows.map(from).sort();
  const lasts = windows.map((w) => w.today).sort();
  return { first: firsts[0]!, last: lasts.at(-1)! };
}

const num = (value: unknown): number => Number(value ?? 0);
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export interface VisibleProject {
  id: number;
  name: string;
  is_private: number;
  time_zone: string | null;
  course_year: string | null;
  course_semester: string | null;
  course_section: string | null;
  course_group: string | null;
  role: ProjectRole | null;
}

/** Every public project, and every project the user is a member of (any role). */
export function visibleProjects(db: Db, userId: number): Promise<VisibleProject[]> {
  return db
    .selectFrom('projects')
    .leftJoin('project_members', (join) =>
      join.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId),
    )
    .select([
      'projects.id',
      'projects.name',
      'projects.is_private',
      'projects.time_zone',
      'projects.course_year',
      'projects.course_semester',
      'projects.course_section',
      'projects.course_group',
      'project_members.role',
    ])
    .where((eb) => eb.or([eb('projects.is_private', '=', 0), eb('project_members.id', 'is not', null)]))
    .orderBy('projects.id')
    .execute();
}

export interface TeamPerson {
  project_id: number;
  year: number | null;
  semester: string | null;
  section: string | null;
  group: string | null;
}

/** The owners and members of the projects with their profile's course fields. */
export function teamPeople(db: Db, projectIds: number[]): Promise<TeamPerson[]> {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['project_members.project_id', 'users.year', 'users.semester', 'users.section', 'users.group'])
    .where('project_members.project_id', 'in', projectIds)
    .where('project_members.role', 'in', ['owner', 'member'])
    .execute();
}

/** Hours logged per project on the days of this week up to today. */
export async function weekHours(db: Db, windows: ProjectWindow[]): Promise<Map<number, number>> {
  const days = dayBounds(windows, (w) => w.weekFrom);
  const { rows } = await sql<{ project_id: number; hours: number | string }>`
    with ${scopeSql(windows)}
    select h.project_id, sum(h.hours) as hours from hours h
      join scope s on s.project_id = h.project_id
      where h.date >= s.week_from and h.date <= s.today and h.date >= ${days.first} and h.date <= ${days.last}
      group by h.project_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.project_id), num(row.hours)]));
}

export interface TaskFacts {
  closedWeek: number;
  openBlockers: number;
  /** The latest change of any task (created, edited, moved, completed), up to today. */
  lastChangeAt: string | null;
}

/** Per project: tasks completed this week, open tasks with a roadblock, the latest task change. */
export async function taskFacts(db: Db, windows: ProjectWindow[]): Promise<Map<number, TaskFacts>> {
  const { rows } = await sql<{
    project_id: number;
    closed_week: number | string | null;
    open_blockers: number | string | null;
    last_change_at: string | null;
  }>`
    with ${scopeSql(windows)}
    select t.project_id,
      sum(case when t.completed = 1 and t.completed_at >= s.week_from_at and t.completed_at < s.before_at
        then 1 else 0 end) as closed_week,
      sum(case when t.is_blocked = 1 and t.completed = 0 and t.is_archived = 0 then 1 else 0 end) as open_blockers,
      max(case when t.updated_at < s.before_at then t.updated_at end) as last_change_at
    from tasks t join scope s on s.project_id = t.project_id
    group by t.project_id`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.project_id),
      {
        closedWeek: num(row.closed_week),
        openBlockers: num(row.open_blockers),
        lastChangeAt: text(row.last_change_at),
      },
    ]),
  );
}

export interface CodeFacts {
  commitsWeek: number;
  mergedWeek: number;
  lastCommitAt: string | null;
}

/**
 * Per project with a repository: commits and merged pull requests this week, and the latest commit.
 * Each repository's numbers come from its own index range (repository_id, committed_at).
 */
export async function codeFacts(db: Db, windows: ProjectWindow[]): Promise<Map<number, CodeFacts>> {
  const { rows } = await sql<{
    project_id: number;
    commits_week: number | string | null;
    merged_week: number | string | null;
    last_commit_at: string | null;
  }>`
    with ${scopeSql(windows)}
    select project_id, sum(commits_week) as commits_week, sum(merged_week) as merged_week,
      max(last_commit_at) as last_commit_at
    from (
      select r.project_id,
        (select count(*) from commits c where c.repository_id = r.id
          and c.committed_at >= s.week_from_at and c.committed_at < s.before_at) as commits_week,
        (select count(*) from pull_requests p where p.repository_id = r.id
          and p.merged_at >= s.week_from_at and p.merged_at < s.before_at) as merged_week,
        (select max(c.committed_at) from commits c where c.repository_id = r.id
          and c.committed_at < s.before_at) as last_commit_at
      from repositories r join scope s on s.project_id = r.project_id
    ) per_repository
    group by project_id`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.project_id),
      {
        commitsWeek: num(row.commits_week),
        mergedWeek: num(row.merged_week),
        lastCommitAt: text(row.last_commit_at),
      },
    ]),
  );
}

export interface MoodDay {
  project_id: number;
  day: string;
  standups: number;
  feeling: number;
}

/** Stand-ups per project and day of the mood window, with the sum of their feeling. */
export async function moodDays(db: Db, windows: ProjectWindow[]): Promise<MoodDay[]> {
  const days = dayBounds(windows, (w) => w.moodFrom);
  const { rows } = await sql<{
    project_id: number;
    day: string;
    standups: number | string;
    feeling: number | string;
  }>`
    with ${scopeSql(windows)}
    select st.project_id, st.day, count(*) as standups, sum(st.feeling) as feeling
    from standups st join scope s on s.project_id = st.project_id
    where st.day >= s.mood_from and st.day <= s.today and st.day >= ${days.first} and st.day <= ${days.last}
    group by st.project_id, st.day`.execute(db);
  return rows.map((row) => ({
    project_id: Number(row.project_id),
    day: String(row.day),
    standups: num(row.standups),
    feeling: num(row.feeling),
  }));
}

export interface OtherActivity {
  /** The latest day one of its members logged hours for, and the latest stand-up day, up to today. */
  hoursDay: string | null;
  standupDay: string | null;
  /** The latest comment on one of its tasks. */
  commentAt: string | null;
}

/**
 * Per project, the latest activity of the kinds the other queries do not read. Each lookup is an
 * index seek: hours per member through (project_id, user_id, date), stand-ups through
 * (project_id, day); comments are grouped in one pass (a correlated scan per project would read
 * every comment once per team).
 */
export async function otherActivity(db: Db, windows: ProjectWindow[]): Promise<Map<number, OtherActivity>> {
  const { rows } = await sql<{
    project_id: number;
    hours_day: string | null;
    standup_day: string | null;
    comment_at: string | null;
  }>`
    with ${scopeSql(windows)},
    member_hours as (
      select project_id, max(day) as day from (
        select pm.project_id,
          (select max(h.date) from hours h
            where h.project_id = pm.project_id and h.user_id = pm.user_id and h.date <= s.today) as day
        from project_members pm join scope s on s.project_id = pm.project_id
      ) per_member
      group by project_id
    ),
    last_comment as (
      select t.project_id, max(c.created_at) as at
      from comments c join tasks t on t.id = c.task_id join scope s on s.project_id = t.project_id
      where c.created_at < s.before_at
      group by t.project_id
    )
    select s.project_id, mh.day as hours_day,
      (select max(st.day) from standups st where st.project_id = s.project_id and st.day <= s.today) as standup_day,
      lc.at as comment_at
    from scope s
      left join member_hours mh on mh.project_id = s.project_id
      left join last_comment lc on lc.project_id = s.project_id`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.project_id),
      { hoursDay: text(row.hours_day), standupDay: text(row.standup_day), commentAt: text(row.comment_at) },
    ]),
  );
}

export interface RunningMilestone {
  id: number;
  project_id: number;
  name: string;
  start_date: string;
  deadline: string;
  sprint: number;
}

/** The milestones that run today (start date ≤ today ≤ deadline) in each project. */
export async function runningMilestones(db: Db, windows: ProjectWindow[]): Promise<RunningMilestone[]> {
  const { rows } = await sql<RunningMilestone>`
    with ${scopeSql(windows)}
    select m.id, m.project_id, m.name, m.start_date, m.deadline, m.sprint
    from milestones m join scope s on s.project_id = m.project_id
    where m.start_date <= s.today and m.deadline >= s.today`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    project_id: Number(row.project_id),
    sprint: Number(row.sprint),
  }));
}

export interface BurnBounds {
  milestoneId: number;
  /** The first instant after the milestone's first day, and after today. */
  firstBefore: string;
  todayBefore: string;
}

export interface BurnTotals {
  firstScope: number;
  scope: number;
  completed: number;
}

/**
 * The burndown report's numbers (reports/milestone-reports.ts, burnDeltas) at two instants per
 * milestone, in one query: the tasks in it now, each from the day it joined it, and their
 * completions (never before they joined), summed up to the end of its first day and of today.
 */
export async function burnTotals(db: Db, bounds: BurnBounds[]): Promise<Map<number, BurnTotals>> {
  if (bounds.length === 0) return new Map();
  const values = bounds.map(
    (b) => sql`(cast(${b.milestoneId} as integer), ${b.firstBefore}, ${b.todayBefore})`,
  );
  const { rows } = await sql<{
    id: number;
    first_scope: number | string | null;
    scope: number | string | null;
    completed: number | string | null;
  }>`
    with ms(id, first_before, today_before) as (values ${sql.join(values)}),
    joined as (
      select t.id, t.milestone_id,
        coalesce((select max(j.created_at) from task_logs j
          where j.task_id = t.id and j.field = 'milestone_id' and j.new_value = cast(t.milestone_id as text)),
          t.created_at) as joined_at
      from tasks t join ms on ms.id = t.milestone_id
    ),
    changes as (
      select milestone_id, joined_at as at, 1 as scope, 0 as completed from joined
      union all
      select s.milestone_id, case when c.created_at > s.joined_at then c.created_at else s.joined_at end,
        0, case when c.new_value = 'true' then 1 else -1 end
      from joined s join task_logs c on c.task_id = s.id and c.field = 'completed'
    )
    select ms.id,
      sum(case when changes.at < ms.first_before then changes.scope else 0 end) as first_scope,
      sum(case when changes.at < ms.today_before then changes.scope else 0 end) as scope,
      sum(case when changes.at < ms.today_before then changes.completed else 0 end) as completed
    from ms join changes on changes.milestone_id = ms.id
    group by ms.id`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { firstScope: num(row.first_scope), scope: num(row.scope), completed: num(row.completed) },
    ]),
  );
}
