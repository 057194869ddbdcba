import type { ProjectRole } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The raw facts the fairness page is computed from, one query each, every one bounded by the
 * project and the period (timestamps as UTC ISO text, `from` inclusive, `before` exclusive).
 */
export interface Bounds {
  fromDay: string;
  toDay: string;
  from: string;
  before: string;
}

export interface TeamMember {
  user_id: number;
  name: string;
  role: ProjectRole;
  gitname: string | null;
  labname: string | null;
}

export function teamMembers(db: Db, projectId: number): Promise<TeamMember[]> {
  return (
    db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select(['users.id as user_id', 'users.name', 'project_members.role', 'users.gitname', 'users.labname'])
      .where('project_members.project_id', '=', projectId)
      // Viewers (often the teaching staff) cannot report hours or change tasks: listing them would
      // only add zeros to the index and raise "silent" flags about people not meant to contribute.
      .where('project_members.role', 'in', ['owner', 'member'])
      .orderBy('users.name')
      .orderBy('users.id')
      .execute()
  );
}

/** Hours per member and day of the period. */
export async function hoursByDay(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('hours')
    .select(['user_id', 'date', (eb) => eb.fn.sum<number | string>('hours').as('hours')])
    .where('project_id', '=', projectId)
    .where('date', '>=', b.fromDay)
    .where('date', '<=', b.toDay)
    .groupBy(['user_id', 'date'])
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, date: row.date, hours: Number(row.hours) }));
}

/** Tasks completed in the period, each with its assignees now (one row per assignee, or one with null). */
export async function closedTasks(db: Db, projectId: number, b: Bounds) {
  return db
    .selectFrom('tasks')
    .leftJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
    .select(['tasks.id', 'tasks.completed_at', 'task_assignees.user_id'])
    .where('tasks.project_id', '=', projectId)
    .where('tasks.completed', '=', 1)
    .where('tasks.completed_at', '>=', b.from)
    .where('tasks.completed_at', '<', b.before)
    .execute() as Promise<{ id: number; completed_at: string; user_id: number | null }[]>;
}

/** Commits of the project's repositories in the period per mapped member, and those since `windowFrom`. */
export async function commitCounts(db: Db, projectId: number, b: Bounds, windowFrom: string) {
  const rows = await db
    .selectFrom('commits')
    .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
    .select([
      'commits.user_id',
      (eb) => eb.fn.countAll<number | string>().as('commits'),
      sql<number | string>`sum(case when commits.committed_at >= ${windowFrom} then 1 else 0 end)`.as(
        'in_window',
      ),
    ])
    .where('repositories.project_id', '=', projectId)
    .where('commits.user_id', 'is not', null)
    .where('commits.committed_at', '>=', b.from)
    .where('commits.committed_at', '<', b.before)
    .groupBy('commits.user_id')
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id!,
    commits: Number(row.commits),
    in_window: Number(row.in_window),
  }));
}

/** The providers of the repositories linked to the project (what code facts can exist). */
export async function repositoryProviders(db: Db, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('repositories')
    .select('provider')
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((row) => row.provider);
}

/** The reviewer lists (JSON) of pull requests that may hold a review submitted in the period. */
export async function pullRequestReviewers(db: Db, projectId: number, b: Bounds): Promise<string[]> {
  const rows = await db
    .selectFrom('pull_requests')
    .innerJoin('repositories', 'repositories.id', 'pull_requests.repository_id')
    .select('pull_requests.reviewers')
    .where('repositories.project_id', '=', projectId)
    .where('pull_requests.updated_at', '>=', b.from)
    .execute();
  return rows.map((row) => row.reviewers);
}

/** Stand-ups per member submitted on days of the period. */
export async function standupCounts(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('standups')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('project_id', '=', projectId)
    .where('day', '>=', b.fromDay)
    .where('day', '<=', b.toDay)
    .groupBy('user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, count: Number(row.count) }));
}

/** Comments per member written on the project's tasks in the period. */
export async function commentCounts(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('tasks', 'tasks.id', 'comments.task_id')
    .select(['comments.user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tasks.project_id', '=', projectId)
    .where('comments.created_at', '>=', b.from)
    .where('comments.created_at', '<', b.before)
    .groupBy('comments.user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, count: Number(row.count) }));
}

/**
 * Each member's latest activity up to the period's end, per source: a day (`hours.date`,
 * `standups.day`) or a timestamp (task log entries, comments, commits). Over the whole history,
 * not only the period, so that "silent since" can reach back before it.
 */
export async function latestActivity(db: Db, projectId: number, b: Bounds) {
  const { rows } = await sql<{ user_id: number; kind: string; at: string | null }>`
    select user_id, 'day' as kind, max(date) as at from hours
      where project_id = ${projectId} and date <= ${b.toDay} group by user_id
    union all
    select user_id, 'day' as kind, max(day) as at from standups
      where project_id = ${projectId} and day <= ${b.toDay} group by user_id
    union all
    select task_logs.user_id, 'time' as kind, max(task_logs.created_at) as at from task_logs
      join tasks on tasks.id = task_logs.task_id
      where tasks.project_id = ${projectId} and task_logs.user_id is not null and task_logs.created_at < ${b.before}
      group by task_logs.user_id
    union all
    select comments.user_id, 'time' as kind, max(comments.created_at) as at from comments
      join tasks on tasks.id = comments.task_id
      where tasks.project_id = ${projectId} and comments.created_at < ${b.before} group by comments.user_id
    union all
    select commits.user_id, 'time' as kind, max(commits.committed_at) as at from commits
      join repositories on repositories.id = commits.repository_id
      where repositories.project_id = ${projectId} and commits.user_id is not null and commits.committed_at < ${b.before}
      group by commits.user_id`.execute(db);
  return rows;
}

/**
 * Peer ratings received per member: scale answers about them (not by them) in submitted responses
 * to sent team evaluations whose open window (initial date to deadline) overlaps the period.
 */
export async function peerRatings(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('evaluation_answers')
    .innerJoin('evaluation_responses', 'evaluation_responses.id', 'evaluation_answers.response_id')
    .innerJoin('evaluations', 'evaluations.id', 'evaluation_responses.evaluation_id')
    .innerJoin('evaluation_questions', 'evaluation_questions.id', 'evaluation_answers.question_id')
    .select([
      'evaluation_answers.subject_id',
      (eb) => eb.fn.sum<number | string>('evaluation_answers.score').as('total'),
      (eb) => eb.fn.count<number | string>('evaluation_answers.score').as('ratings'),
    ])
    .where('evaluations.project_id', '=', projectId)
    .where('evaluations.type', '=', 'team')
    .where('evaluations.sent_at', 'is not', null)
    .where('evaluations.initial_date', '<=', b.toDay)
    .where('evaluations.deadline', '>=', b.fromDay)
    .where('evaluation_responses.submitted_at', 'is not', null)
    .where('evaluation_questions.kind', '=', 'scale')
    .where('evaluation_answers.score', 'is not', null)
    .where('evaluation_answers.subject_id', 'is not', null)
    .whereRef('evaluation_answers.subject_id', '<>', 'evaluation_responses.respondent_id')
    .groupBy('evaluation_answers.subject_id')
    .execute();
  return rows.map((row) => ({
    user_id: row.subject_id!,
    total: Number(row.total),
    ratings: Number(row.ratings),
  }));
}
