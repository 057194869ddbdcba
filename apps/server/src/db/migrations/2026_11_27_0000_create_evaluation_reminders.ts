import type { Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect.js';

/**
 * The reminders sent before an evaluation's deadline (docs/jobs.md, `evaluation-reminders`): one
 * row per member, evaluation and deadline, so a member is reminded once per deadline (moving the
 * deadline allows one more). The row and the mail are written in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evaluation_reminders')
    .addColumn('evaluation_id', 'integer', (col) =>
      col.notNull().references('evaluations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deadline', 'text', (col) => col.notNull())
    .addColumn('sent_at', TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint('evaluation_reminders_pk', ['evaluation_id', 'user_id', 'deadline'])
    .execute();
  // Deleting a user (cascade) finds their reminders without a scan.
  await db.schema
    .createIndex('evaluation_reminders_user_id_index')
    .on('evaluation_reminders')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('evaluation_reminders').execute();
}
