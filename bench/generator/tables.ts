import type { Database } from './server.js';

export type TableName = keyof Database;

/**
 * Every table of the app, parents before children (the insert order), with the key a dump sorts
 * by. Tables without an `id` are link tables keyed by their two ids.
 */
export const TABLES = [
  { name: 'users', key: ['id'] },
  { name: 'auth_sessions', key: ['id'] },
  { name: 'user_tokens', key: ['id'] },
  { name: 'folders', key: ['id'] },
  { name: 'projects', key: ['id'] },
  { name: 'project_members', key: ['id'] },
  { name: 'project_invitations', key: ['id'] },
  { name: 'activities', key: ['id'] },
  { name: 'labels', key: ['id'] },
  { name: 'milestones', key: ['id'] },
  { name: 'milestone_snapshots', key: ['id'] },
  { name: 'boards', key: ['id'] },
  { name: 'board_labels', key: ['board_id', 'label_id'] },
  { name: 'columns', key: ['id'] },
  { name: 'tasks', key: ['id'] },
  { name: 'task_assignees', key: ['task_id', 'user_id'] },
  { name: 'task_labels', key: ['task_id', 'label_id'] },
  { name: 'repositories', key: ['id'] },
  { name: 'repository_branches', key: ['repository_id', 'name'] },
  { name: 'commits', key: ['id'] },
  { name: 'task_commits', key: ['id'] },
  { name: 'pull_requests', key: ['id'] },
  { name: 'pull_request_tasks', key: ['pull_request_id', 'task_id'] },
  { name: 'webhook_deliveries', key: ['repository_id', 'delivery_id'] },
  { name: 'jobs', key: ['id'] },
  { name: 'task_logs', key: ['id'] },
  { name: 'hours', key: ['id'] },
  { name: 'comments', key: ['id'] },
  { name: 'checklist_items', key: ['id'] },
  { name: 'attachments', key: ['id'] },
  { name: 'idempotency_keys', key: ['id'] },
  { name: 'lessons', key: ['id'] },
  { name: 'lesson_tags', key: ['lesson_id', 'tag'] },
  { name: 'lesson_votes', key: ['lesson_id', 'user_id'] },
  { name: 'lesson_views', key: ['lesson_id', 'user_id'] },
  { name: 'lesson_reports', key: ['lesson_id', 'user_id'] },
  { name: 'standups', key: ['id'] },
  { name: 'evaluations', key: ['id'] },
  { name: 'evaluation_members', key: ['evaluation_id', 'user_id'] },
  { name: 'evaluation_questions', key: ['id'] },
  { name: 'evaluation_responses', key: ['id'] },
  { name: 'evaluation_answers', key: ['id'] },
  { name: 'evaluation_reminders', key: ['evaluation_id', 'user_id', 'deadline'] },
  { name: 'knowledge_forms', key: ['id'] },
  { name: 'knowledge_items', key: ['id'] },
  { name: 'knowledge_answers', key: ['id'] },
  { name: 'audit_events', key: ['id'] },
  { name: 'terms_versions', key: ['id'] },
  { name: 'user_identities', key: ['id'] },
  { name: 'oidc_handoffs', key: ['id'] },
  { name: 'user_activity_days', key: ['day', 'user_id'] },
  { name: 'assistant_conversations', key: ['id'] },
  { name: 'assistant_batches', key: ['id'] },
  { name: 'assistant_messages', key: ['id'] },
  { name: 'lesson_feedback', key: ['id'] },
  { name: 'assistant_settings', key: ['id'] },
  { name: 'course_templates', key: ['id'] },
  { name: 'course_template_projects', key: ['template_id', 'team_key'] },
] as const satisfies readonly { name: TableName; key: readonly string[] }[];

// Compile-time guard: a table added to the server's Database type must be listed above.
type UnlistedTable = Exclude<TableName, (typeof TABLES)[number]['name']>;
const _everyTableListed: [UnlistedTable] extends [never] ? true : never = true;

export function hasIdColumn(table: TableName): boolean {
  return TABLES.some((entry) => entry.name === table && entry.key[0] === 'id');
}

export type TableCounts = Record<TableName, number>;
