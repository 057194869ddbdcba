import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { ActivitiesTable } from '../features/activity/activity.table.js';
import type { AuthSessionsTable, UsersTable, UserTokensTable } from '../features/auth/auth.table.js';
import type { FoldersTable } from '../features/folders/folders.table.js';
import type { ProjectInvitationsTable } from '../features/invitations/invitations.table.js';
import type { ProjectMembersTable } from '../features/members/members.table.js';
import type { ProjectsTable } from '../features/projects/projects.table.js';
import type { AttachmentsTable } from '../features/attachments/attachments.table.js';
import type { BoardLabelsTable, BoardsTable, ColumnsTable } from '../features/boards/boards.table.js';
import type { ChecklistItemsTable } from '../features/checklists/checklists.table.js';
import type { CommentsTable } from '../features/comments/comments.table.js';
import type { HoursTable } from '../features/hours/hours.table.js';
import type { LabelsTable } from '../features/labels/labels.table.js';
import type { MilestonesTable } from '../features/milestones/milestones.table.js';
import type {
  TaskAssigneesTable,
  TaskCommitsTable,
  TaskLabelsTable,
  TaskLogsTable,
  TasksTable,
} from '../features/tasks/tasks.table.js';

/** Every table, as Kysely sees it. Each feature declares its own tables in `<domain>.table.ts`. */
export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  user_tokens: UserTokensTable;
  folders: FoldersTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  activities: ActivitiesTable;
  labels: LabelsTable;
  milestones: MilestonesTable;
  boards: BoardsTable;
  board_labels: BoardLabelsTable;
  columns: ColumnsTable;
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  task_labels: TaskLabelsTable;
  task_commits: TaskCommitsTable;
  task_logs: TaskLogsTable;
  hours: HoursTable;
  comments: CommentsTable;
  checklist_items: ChecklistItemsTable;
  attachments: AttachmentsTable;
}

export type Db = Kysely<Database>;

export interface CreateDatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema per file). */
  schema?: string;
}

export function createDatabase(config: DatabaseConfig, options: CreateDatabaseOptions = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed sign-up or password change survives a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
