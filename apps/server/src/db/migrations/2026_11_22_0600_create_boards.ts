import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

/** Boards, columns, tasks and everything that hangs off a task; labels and milestones of a project. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('labels'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('labels_project_id_index').on('labels').column('project_id').execute();

  await addIdColumn(db, db.schema.createTable('milestones'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('deadline', 'text', (col) => col.notNull())
    .addColumn('sprint', 'integer', booleanDefaultFalse)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('milestones_project_id_index').on('milestones').column('project_id').execute();

  await addIdColumn(db, db.schema.createTable('boards'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'real', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('boards_project_id_index')
    .on('boards')
    .columns(['project_id', 'position'])
    .execute();

  await db.schema
    .createTable('board_labels')
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (col) => col.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('board_labels_pk', ['board_id', 'label_id'])
    .execute();
  await db.schema.createIndex('board_labels_label_id_index').on('board_labels').column('label_id').execute();

  await addIdColumn(db, db.schema.createTable('columns'))
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'real', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('columns_board_id_index')
    .on('columns')
    .columns(['board_id', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('tasks'))
    .addColumn('column_id', 'integer', (col) => col.notNull().references('columns.id').onDelete('cascade'))
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    // Denormalized so that the access check of /api/tasks/:id is one indexed lookup.
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'real', (col) => col.notNull())
    .addColumn('is_archived', 'integer', booleanDefaultFalse)
    .addColumn('completed', 'integer', booleanDefaultFalse)
    .addColumn('completed_at', TIMESTAMP)
    .addColumn('priority', 'text', (col) => col.check(sql`priority in ('low', 'medium', 'high', 'urgent')`))
    .addColumn('deadline', 'text')
    .addColumn('starting_date', 'text')
    .addColumn('expected_hours', 'real')
    .addColumn('is_blocked', 'integer', booleanDefaultFalse)
    .addColumn('blocked_reason', 'text')
    // No cascade: a milestone that tasks use cannot be deleted (409 MILESTONE_NOT_DELETABLE).
    .addColumn('milestone_id', 'integer', (col) => col.references('milestones.id'))
    .addColumn('total_hours', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tasks_board_archived_index')
    .on('tasks')
    .columns(['board_id', 'is_archived'])
    .execute();
  await db.schema
    .createIndex('tasks_column_position_index')
    .on('tasks')
    .columns(['column_id', 'position'])
    .execute();
  await db.schema.createIndex('tasks_project_id_index').on('tasks').column('project_id').execute();
  await db.schema.createIndex('tasks_milestone_id_index').on('tasks').column('milestone_id').execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('task_assignees_user_id_index')
    .on('task_assignees')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('task_labels')
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (col) => col.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_labels_pk', ['task_id', 'label_id'])
    .execute();
  await db.schema.createIndex('task_labels_label_id_index').on('task_labels').column('label_id').execute();

  // The task's one current commit link (docs/spec.md §4: set or cleared); the code-hosting issue adds more.
  await addIdColumn(db, db.schema.createTable('task_commits'))
    .addColumn('task_id', 'integer', (col) =>
      col.notNull().unique().references('tasks.id').onDelete('cascade'),
    )
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('hours'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hours', 'real', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('hours_task_id_index').on('hours').column('task_id').execute();
  // Reports: hours of a project per user and date.
  await db.schema
    .createIndex('hours_project_user_date_index')
    .on('hours')
    .columns(['project_id', 'user_id', 'date'])
    .execute();

  await addIdColumn(db, db.schema.createTable('comments'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('comments_task_id_index').on('comments').column('task_id').execute();

  await addIdColumn(db, db.schema.createTable('checklist_items'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'done')`))
    .addColumn('position', 'real', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('checklist_items_task_id_index')
    .on('checklist_items')
    .columns(['task_id', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('attachments'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('thumbnail_key', 'text', (col) => col.unique())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('attachments_task_id_index').on('attachments').column('task_id').execute();

  await addIdColumn(db, db.schema.createTable('task_logs'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('task_logs_task_id_index').on('task_logs').columns(['task_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'task_logs',
    'attachments',
    'checklist_items',
    'comments',
    'hours',
    'task_commits',
    'task_labels',
    'task_assignees',
    'tasks',
    'columns',
    'board_labels',
    'boards',
    'milestones',
    'labels',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
