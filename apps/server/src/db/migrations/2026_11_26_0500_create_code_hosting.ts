import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

/**
 * Code hosting (docs/api-code-hosting.md): linked repositories, the commits and pull requests
 * collected from them, and the background jobs that collect them. The task's one commit link of
 * 2026_11_22_0600 becomes a list: `task_commits` is rebuilt without its one-per-task rule, each row
 * pointing at a collected commit (`commit_id`) or at any address given by hand. A row unlinked by
 * hand stays as `removed` so a later sync does not link that commit again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('repositories'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('web_url', 'text')
    .addColumn('base_url', 'text')
    .addColumn('token_sealed', 'text')
    .addColumn('webhook_secret_sealed', 'text', (col) => col.notNull())
    .addColumn('sync_state', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('synced_at', TIMESTAMP)
    .addColumn('pull_requests_synced_at', TIMESTAMP)
    .addColumn('unlinked_at', TIMESTAMP)
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('repositories_project_id_index')
    .on('repositories')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('repository_branches')
    .addColumn('repository_id', 'integer', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sha', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('repository_branches_pk', ['repository_id', 'name'])
    .execute();

  await addIdColumn(db, db.schema.createTable('commits'))
    .addColumn('repository_id', 'integer', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('sha', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('author_email', 'text', (col) => col.notNull())
    .addColumn('author_login', 'text')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('committed_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint('commits_repository_sha_unique', ['repository_id', 'sha'])
    .execute();
  await db.schema
    .createIndex('commits_repository_committed_at_index')
    .on('commits')
    .columns(['repository_id', 'committed_at'])
    .execute();

  await rebuildTaskCommits(db);

  await addIdColumn(db, db.schema.createTable('pull_requests'))
    .addColumn('repository_id', 'integer', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('branch', 'text', (col) => col.notNull())
    .addColumn('author_login', 'text')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewers', 'text', (col) => col.notNull())
    .addColumn('opened_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('first_review_at', TIMESTAMP)
    .addColumn('merged_at', TIMESTAMP)
    .addColumn('closed_at', TIMESTAMP)
    .addUniqueConstraint('pull_requests_repository_number_unique', ['repository_id', 'number'])
    .execute();
  await db.schema
    .createTable('pull_request_tasks')
    .addColumn('pull_request_id', 'integer', (col) =>
      col.notNull().references('pull_requests.id').onDelete('cascade'),
    )
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pull_request_tasks_pk', ['pull_request_id', 'task_id'])
    .execute();
  await db.schema
    .createIndex('pull_request_tasks_task_id_index')
    .on('pull_request_tasks')
    .column('task_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('repository_id', 'integer', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('delivery_id', 'text', (col) => col.notNull())
    .addColumn('received_at', TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['repository_id', 'delivery_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', TIMESTAMP, (col) => col.notNull())
    .addColumn('locked_until', TIMESTAMP)
    .addColumn('last_error', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_state_run_after_index')
    .on('jobs')
    .columns(['state', 'run_after'])
    .execute();
}

async function rebuildTaskCommits(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('task_commits').renameTo('task_commits_single').execute();
  await addIdColumn(db, db.schema.createTable('task_commits'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('commit_id', 'integer', (col) => col.references('commits.id').onDelete('cascade'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('linked_by', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('removed', 'integer', booleanDefaultFalse)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint('task_commits_task_commit_unique', ['task_id', 'commit_id'])
    .execute();
  await db.schema
    .createIndex('task_commits_commit_id_index')
    .on('task_commits')
    .column('commit_id')
    .execute();
  await sql`insert into task_commits (task_id, message, url, linked_by, created_at)
    select task_id, message, url, 'hand', created_at from task_commits_single`.execute(db);
  await db.schema.dropTable('task_commits_single').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jobs',
    'webhook_deliveries',
    'pull_request_tasks',
    'pull_requests',
    'task_commits',
    'commits',
    'repository_branches',
    'repositories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
