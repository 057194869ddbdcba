import type { Kysely } from 'kysely';

/**
 * projects.time_zone: the IANA zone a project's reports count days in (null: the server's).
 * task_logs by field and time: the reports read completions, moves and creations over a range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('time_zone', 'text').execute();
  await db.schema
    .createIndex('task_logs_field_created_at_index')
    .on('task_logs')
    .columns(['field', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('task_logs_field_created_at_index').execute();
  await db.schema.alterTable('projects').dropColumn('time_zone').execute();
}
