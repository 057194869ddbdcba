import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Course templates (docs/api-course-templates.md): a teacher's or admin's template of boards,
 * columns, labels and milestones (`body`, JSON text) for a year and semester; and which team project
 * each roster import made for each (template, team), so that importing the same roster again makes
 * nothing new. Deleting a template forgets its links, never the projects; deleting a project
 * forgets its link (the next import makes the team a new one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('course_templates'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('year', 'integer')
    .addColumn('semester', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('course_templates_owner_id_index')
    .on('course_templates')
    .column('owner_id')
    .execute();

  await db.schema
    .createTable('course_template_projects')
    .addColumn('template_id', 'integer', (col) =>
      col.notNull().references('course_templates.id').onDelete('cascade'),
    )
    // The team as the roster names it, trimmed, spaces collapsed and lowercased: one project per team.
    .addColumn('team_key', 'text', (col) => col.notNull())
    .addColumn('team', 'text', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint('course_template_projects_pk', ['template_id', 'team_key'])
    .execute();
  // Deleting a project (cascade) finds its link without a scan.
  await db.schema
    .createIndex('course_template_projects_project_id_index')
    .on('course_template_projects')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_template_projects').execute();
  await db.schema.dropTable('course_templates').execute();
}
