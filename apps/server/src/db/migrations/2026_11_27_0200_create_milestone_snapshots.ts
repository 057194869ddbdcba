import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Milestone snapshots (docs/api-milestone-snapshots.md): a milestone's board state, hours, burndown
 * and linked commits frozen once its deadline day has ended, as JSON text. One per milestone and
 * deadline (the unique key keeps two workers from taking two); moving the deadline allows one more.
 * Deleting the milestone keeps its snapshots for grading (`milestone_id` becomes null, the name
 * stays); deleting the project deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('milestone_snapshots'))
    .addColumn('milestone_id', 'integer', (col) => col.references('milestones.id').onDelete('set null'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('milestone_name', 'text', (col) => col.notNull())
    .addColumn('deadline', 'text', (col) => col.notNull())
    .addColumn('taken_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addUniqueConstraint('milestone_snapshots_milestone_deadline_unique', ['milestone_id', 'deadline'])
    .execute();
  // A project's snapshots are listed (and deleted with it) without a scan.
  await db.schema
    .createIndex('milestone_snapshots_project_id_index')
    .on('milestone_snapshots')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('milestone_snapshots').execute();
}
