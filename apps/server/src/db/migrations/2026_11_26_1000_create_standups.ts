import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, isSqlite, TIMESTAMP } from '../dialect.js';

/**
 * Stand-up reports (docs/api-standups.md): one per member, project and day. `day` is the project's
 * calendar day (its report time zone) when it was submitted, `YYYY-MM-DD`; the unique index is what
 * keeps two concurrent submits from both landing. `hours` is a double on PostgreSQL like every
 * other hours column (2026_11_22_0800_widen_real_columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('standups'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('did', 'text', (col) => col.notNull())
    .addColumn('will_do', 'text', (col) => col.notNull())
    .addColumn('blockers', 'text', (col) => col.notNull())
    .addColumn('is_blocked', 'integer', booleanDefaultFalse)
    .addColumn('hours', isSqlite(db) ? 'real' : 'double precision', (col) => col.notNull())
    .addColumn('stress', 'integer', (col) => col.notNull().check(sql`stress between 1 and 5`))
    .addColumn('feeling', 'integer', (col) => col.notNull().check(sql`feeling between 1 and 5`))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  // One per member and day; it also serves a project's range (project_id, then day) per member.
  await db.schema
    .createIndex('standups_project_user_day_unique')
    .on('standups')
    .columns(['project_id', 'user_id', 'day'])
    .unique()
    .execute();
  // A project's stand-ups over a range of days (the list and the analysis).
  await db.schema
    .createIndex('standups_project_day_index')
    .on('standups')
    .columns(['project_id', 'day'])
    .execute();
  await db.schema.createIndex('standups_user_id_index').on('standups').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('standups').execute();
}
