import { sql, type Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Evaluations (docs/api-evaluations.md). An evaluation asks its selected members (evaluation_members)
 * its questions; each member's answers hang from one response row (submitted or a draft), each
 * answer naming the question and, in a team evaluation, the member it rates (subject_id). Who
 * answered is stored so a person can edit their own answers; no endpoint returns it beside a rating.
 * Dates are the project's days, `YYYY-MM-DD`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('evaluations'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('team', 'project')`))
    .addColumn('initial_date', 'text', (col) => col.notNull())
    .addColumn('deadline', 'text', (col) => col.notNull())
    .addColumn('sent_at', TIMESTAMP)
    .addColumn('closed_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('evaluations_project_id_index')
    .on('evaluations')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('evaluation_members')
    .addColumn('evaluation_id', 'integer', (col) =>
      col.notNull().references('evaluations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('evaluation_members_pk', ['evaluation_id', 'user_id'])
    .execute();
  // The bell's "evaluations to answer" across projects.
  await db.schema
    .createIndex('evaluation_members_user_id_index')
    .on('evaluation_members')
    .column('user_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('evaluation_questions'))
    .addColumn('evaluation_id', 'integer', (col) =>
      col.notNull().references('evaluations.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('scale', 'text')`))
    .addColumn('text', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('evaluation_questions_evaluation_id_index')
    .on('evaluation_questions')
    .column('evaluation_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('evaluation_responses'))
    .addColumn('evaluation_id', 'integer', (col) =>
      col.notNull().references('evaluations.id').onDelete('cascade'),
    )
    .addColumn('respondent_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submitted_at', TIMESTAMP)
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('evaluation_responses_unique')
    .on('evaluation_responses')
    .columns(['evaluation_id', 'respondent_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('evaluation_responses_respondent_id_index')
    .on('evaluation_responses')
    .column('respondent_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('evaluation_answers'))
    .addColumn('response_id', 'integer', (col) =>
      col.notNull().references('evaluation_responses.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'integer', (col) =>
      col.notNull().references('evaluation_questions.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('score', 'integer', (col) => col.check(sql`score between 1 and 5`))
    .addColumn('text', 'text')
    .execute();
  await db.schema
    .createIndex('evaluation_answers_response_id_index')
    .on('evaluation_answers')
    .column('response_id')
    .execute();
  await db.schema
    .createIndex('evaluation_answers_question_id_index')
    .on('evaluation_answers')
    .column('question_id')
    .execute();
  await db.schema
    .createIndex('evaluation_answers_subject_id_index')
    .on('evaluation_answers')
    .column('subject_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('evaluation_answers').execute();
  await db.schema.dropTable('evaluation_responses').execute();
  await db.schema.dropTable('evaluation_questions').execute();
  await db.schema.dropTable('evaluation_members').execute();
  await db.schema.dropTable('evaluations').execute();
}
