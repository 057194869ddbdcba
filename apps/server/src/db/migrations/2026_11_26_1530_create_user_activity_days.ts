import type { Kysely } from 'kysely';

/**
 * Dashboard metrics (docs/api-metrics.md). `user_activity_days`: one row per user and calendar day
 * (the server's time zone, `YYYY-MM-DD`) on which they made a signed-in call; the primary key
 * (day, user_id) keeps it to one row and serves the per-day and per-week distinct counts.
 * The other indexes let the metrics count a range of days across every project by index ranges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_activity_days')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_activity_days_pkey', ['day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('user_activity_days_user_id_index')
    .on('user_activity_days')
    .column('user_id')
    .execute();
  await db.schema.createIndex('projects_created_at_index').on('projects').column('created_at').execute();
  await db.schema.createIndex('tasks_created_at_index').on('tasks').column('created_at').execute();
  await db.schema.createIndex('tasks_completed_at_index').on('tasks').column('completed_at').execute();
  await db.schema.createIndex('hours_date_index').on('hours').column('date').execute();
  await db.schema
    .createIndex('evaluation_responses_submitted_at_index')
    .on('evaluation_responses')
    .column('submitted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'evaluation_responses_submitted_at_index',
    'hours_date_index',
    'tasks_completed_at_index',
    'tasks_created_at_index',
    'projects_created_at_index',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('user_activity_days').execute();
}
