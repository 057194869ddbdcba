import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { createRequire } from 'node:module';
import type { DatabaseConfig } from '../config.js';
import { AppDatabase } from './app-database.js';
import { PostgresPipeline } from './one-step.js';
import { SqliteDirect } from './sqlite-direct.js';
import type { IdempotencyKeysTable } from '../plugins/idempotency.table.js';
import type { ActivitiesTable } from '../features/activity/activity.table.js';
import type { AuthSessionsTable, UserTokensTable } from '../features/auth/auth.table.js';
import type { UsersTable } from '../users/users.js';
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
import type { MilestoneSnapshotsTable } from '../features/milestone-snapshots/milestone-snapshots.table.js';
import type {
  CourseTemplateProjectsTable,
  CourseTemplatesTable,
} from '../features/course-templates/course-templates.table.js';
import type {
  LessonMarksTable,
  LessonReportsTable,
  LessonsTable,
  LessonTagsTable,
} from '../features/lessons/lessons.table.js';
import type {
  CommitsTable,
  PullRequestsTable,
  PullRequestTasksTable,
  RepositoriesTable,
  RepositoryBranchesTable,
  TaskCommitsTable,
  WebhookDeliveriesTable,
} from '../features/code-hosting/code-hosting.table.js';
import type { JobsTable } from '../job-queue/jobs.table.js';
import type {
  AssistantBatchesTable,
  AssistantConversationsTable,
  AssistantMessagesTable,
  AssistantSettingsTable,
  LessonFeedbackTable,
} from '../features/assistant/assistant.table.js';
import type { UserActivityDaysTable } from '../features/metrics/metrics.table.js';
import type { StandupsTable } from '../features/standups/standups.table.js';
import type { TermsVersionsTable } from '../features/terms/terms.table.js';
import type { OidcHandoffsTable, UserIdentitiesTable } from '../features/oidc/oidc.table.js';
import type { AuditEventsTable } from '../features/admin-users/audit-events.table.js';
import type {
  KnowledgeAnswersTable,
  KnowledgeFormsTable,
  KnowledgeItemsTable,
} from '../features/knowledge/knowledge.table.js';
import type {
  EvaluationAnswersTable,
  EvaluationMembersTable,
  EvaluationQuestionsTable,
  EvaluationRemindersTable,
  EvaluationResponsesTable,
  EvaluationsTable,
} from '../features/evaluations/evaluations.table.js';
import type {
  TaskAssigneesTable,
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
  milestone_snapshots: MilestoneSnapshotsTable;
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
  idempotency_keys: IdempotencyKeysTable;
  lessons: LessonsTable;
  lesson_tags: LessonTagsTable;
  lesson_votes: LessonMarksTable;
  lesson_views: LessonMarksTable;
  lesson_reports: LessonReportsTable;
  repositories: RepositoriesTable;
  repository_branches: RepositoryBranchesTable;
  commits: CommitsTable;
  pull_requests: PullRequestsTable;
  pull_request_tasks: PullRequestTasksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  jobs: JobsTable;
  standups: StandupsTable;
  terms_versions: TermsVersionsTable;
  knowledge_forms: KnowledgeFormsTable;
  knowledge_items: KnowledgeItemsTable;
  knowledge_answers: KnowledgeAnswersTable;
  evaluations: EvaluationsTable;
  evaluation_members: EvaluationMembersTable;
  evaluation_questions: EvaluationQuestionsTable;
  evaluation_responses: EvaluationResponsesTable;
  evaluation_answers: EvaluationAnswersTable;
  evaluation_reminders: EvaluationRemindersTable;
  audit_events: AuditEventsTable;
  user_identities: UserIdentitiesTable;
  oidc_handoffs: OidcHandoffsTable;
  user_activity_days: UserActivityDaysTable;
  assistant_conversations: AssistantConversationsTable;
  assistant_batches: AssistantBatchesTable;
  assistant_messages: AssistantMessagesTable;
  lesson_feedback: LessonFeedbackTable;
  assistant_settings: AssistantSettingsTable;
  course_templates: CourseTemplatesTable;
  course_template_projects: CourseTemplateProjectsTable;
}

export type Db = Kysely<Database>;

export interface CreateDatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema per file). */
  schema?: string;
}

/** The app's database object (db/app-database.ts): the handle, its one-step writer, its memories. */
export function createDatabase(config: DatabaseConfig, options: CreateDatabaseOptions = {}): AppDatabase {
  if (config.dialect === 'postgres') {
    // Loaded only for PostgreSQL (~16 MB a SQLite server does not need).
    const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // Queries are written without waiting for the one before (db/pipeline.ts); Kysely's own
      // queries still wait for each answer, as they must.
      pipeline: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return new AppDatabase(db, 'postgres', new PostgresPipeline(pool), pool);
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed sign-up or password change survives a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return new AppDatabase(db, 'sqlite', new SqliteDirect(db, sqlite, statements));
}

/**
 * Closes `db` once the writes it has begun have committed. Kysely's `destroy` closes SQLite's one
 * connection at once, and an open group commit (sqlite-group-commit.ts) would then lose its COMMIT and
 * fail the writes waiting on it; the transaction holds the connection until that COMMIT, so borrowing
 * the connection first waits for it.
 */
export async function closeDatabase(db: Db): Promise<void> {
  await db.connection().execute(async () => undefined);
  await db.destroy();
}

/** How many prepared statements the SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; parsing and planning the same SQL again costs more than running
 * most of our indexed lookups. Statements are reusable (none is ever left mid-iteration: nothing
 * streams), and SQLite re-prepares them itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = withPlainRows(sqlite.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * better-sqlite3 builds each result row object through the V8 API, property by property, which is
 * about half the cost of a 2,000-task board query. The same objects (same keys, same order, the
 * last of duplicate names winning) come out twice as fast from raw rows and a generated literal.
 */
function withPlainRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  if (names.includes('__proto__')) return statement;
  const fields = names.map((name, index) => `${JSON.stringify(name)}: row[${index}]`).join(', ');
  // The names are JSON-quoted into the literal.
  const toObject = new Function('row', `return { ${fields} };`) as (row: unknown[]) => unknown;
  const raw = statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(row);
    },
  };
}
