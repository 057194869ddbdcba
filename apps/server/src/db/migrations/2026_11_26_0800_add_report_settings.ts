import type { Kysely } from 'kysely';

/**
 * projects.time_zone: the IANA zone a project's reports count days in (null: the server's).
 * task_logs by task, field and time: the reports walk a project's tasks and read each one's
 * completions or moves over a range (an index led by the field alone would make SQLite scan every
 * project's entries of that field).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('time_zone', 'text').execute();
  await db.schema
    .createIndex('task_logs_task_field_created_at_index')
    .on('task_logs')
    .columns(['task_id', 'field', 'created_at'])
    .execute();
  // A project's tasks by creation and by deadline: the task-tracking and timeline reports' ranges.
  await db.schema
    .createIndex('tasks_project_created_at_index')
    .on('tasks')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tasks_project_deadline_index')
    .on('tasks')
    .columns(['project_id', 'deadline'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_project_deadline_index').execute();
  await db.schema.dropIndex('tasks_project_created_at_index').execute();
  await db.schema.dropIndex('task_logs_task_field_created_at_index').execute();
  await db.schema.alterTable('projects').dropColumn('time_zone').execute();
}
