import type { FastifyInstance } from 'fastify';
import type { ProjectRole } from '@teamboard/contract';
import type { Db } from '../../src/db/database.js';
import type { TokenHeaders } from './factories.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as one signed-in user (or signed out with `null`). */
export function apiAs(
  app: FastifyInstance,
  headers: TokenHeaders | null,
  extra: Record<string, string> = {},
) {
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...(headers ?? {}), ...extra }, ...(payload ? { payload } : {}) });
}
export type Api = ReturnType<typeof apiAs>;

const TABLES = [
  'folders',
  'projects',
  'project_members',
  'project_invitations',
  'activities',
  'labels',
  'milestones',
  'milestone_snapshots',
  'boards',
  'columns',
  'tasks',
  'task_commits',
  'task_logs',
  'hours',
  'comments',
  'checklist_items',
  'attachments',
  'lessons',
  'standups',
  'knowledge_forms',
  'knowledge_items',
  'knowledge_answers',
  'terms_versions',
  'user_identities',
  'oidc_handoffs',
  'evaluations',
  'evaluation_questions',
  'evaluation_responses',
  'evaluation_answers',
  'repositories',
  'commits',
  'pull_requests',
  'jobs',
  'assistant_conversations',
  'assistant_batches',
  'assistant_messages',
  'lesson_feedback',
  'assistant_settings',
  'course_templates',
] as const;
const LINK_TABLES = [
  ['board_labels', 'board_id', 'label_id'],
  ['task_assignees', 'task_id', 'user_id'],
  ['task_labels', 'task_id', 'label_id'],
  ['lesson_tags', 'lesson_id', 'tag'],
  ['lesson_votes', 'lesson_id', 'user_id'],
  ['lesson_views', 'lesson_id', 'user_id'],
  ['lesson_reports', 'lesson_id', 'user_id'],
  ['repository_branches', 'repository_id', 'name'],
  ['pull_request_tasks', 'pull_request_id', 'task_id'],
  ['webhook_deliveries', 'repository_id', 'delivery_id'],
  ['evaluation_members', 'evaluation_id', 'user_id'],
  ['evaluation_reminders', 'evaluation_id', 'user_id'],
  ['course_template_projects', 'template_id', 'team_key'],
] as const;

/** Every row of the project and board tables, to assert that a refused call changed nothing. */
export async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    result[table] = await db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  for (const [table, first, second] of LINK_TABLES) {
    result[table] = await db.selectFrom(table).selectAll().orderBy(first).orderBy(second).execute();
  }
  return result;
}

export async function counts(db: Db): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.count);
  }
  return result;
}

export async function defaultFolderId(api: Api): Promise<number> {
  const response = await api('GET', '/api/folders');
  const folder = (response.json().data as { id: number; is_default: boolean }[]).find((f) => f.is_default);
  if (!folder) throw new Error('no default folder');
  return folder.id;
}

/** Adds a membership straight into the database (for fixtures), filed in the user's folder. */
export async function addMember(
  db: Db,
  membership: { projectId: number; userId: number; role: ProjectRole; folderId: number },
): Promise<void> {
  await db
    .insertInto('project_members')
    .values({
      project_id: membership.projectId,
      user_id: membership.userId,
      role: membership.role,
      folder_id: membership.folderId,
      sort_order: 1,
      joined_at: '2026-11-22T10:00:00.000Z',
    })
    .execute();
}

export async function setAccount(
  db: Db,
  userId: number,
  changes: { account_type?: 'user' | 'teacher' | 'admin'; max_projects?: number | null },
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}
