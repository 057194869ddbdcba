import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { AttachmentRow } from './attachments.table.js';

/** Whose attachments: one task's, or every task's of a column, a board or a project. */
import type { ContentScope } from '../../board-content/board-content.js';

export type AttachmentScope = ContentScope;

export function listAttachments(db: Db, taskId: number): Promise<AttachmentRow[]> {
  return db.selectFrom('attachments').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
}

export function findAttachment(db: Db, projectId: number, id: number): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .innerJoin('tasks', 'tasks.id', 'attachments.task_id')
    .selectAll('attachments')
    .where('attachments.id', '=', id)
    .where('tasks.project_id', '=', projectId)
    .executeTakeFirst();
}

/** The attachment a stored file (or its thumbnail) belongs to. */
export function findByStorageKey(db: Db, key: string): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where((eb) => eb.or([eb('storage_key', '=', key), eb('thumbnail_key', '=', key)]))
    .executeTakeFirst();
}

export function insertAttachment(db: Db, attachment: Omit<AttachmentRow, 'id'>): Promise<AttachmentRow> {
  return db.insertInto('attachments').values(attachment).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAttachment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

/** Storage keys (files and thumbnails) of the scope's attachments, read before a cascade. */
export async function storedKeys(db: Db, scope: AttachmentScope): Promise<string[]> {
  let query = db
    .selectFrom('attachments')
    .innerJoin('tasks', 'tasks.id', 'attachments.task_id')
    .select(['attachments.storage_key', 'attachments.thumbnail_key']);
  if ('taskId' in scope) query = query.where('tasks.id', '=', scope.taskId);
  else if ('columnId' in scope) query = query.where('tasks.column_id', '=', scope.columnId);
  else if ('boardId' in scope) query = query.where('tasks.board_id', '=', scope.boardId);
  else query = query.where('tasks.project_id', '=', scope.projectId);
  const rows = await query.execute();
  return rows.flatMap((row) =>
    row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key],
  );
}

/** Bytes of every attachment the user uploaded (their quota's use). */
export async function uploadedBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * PostgreSQL: holds the uploader's row until commit, so two concurrent uploads cannot both fit
 * the last free megabytes. SQLite runs one write transaction at a time already.
 */
export async function lockUploader(db: Db, userId: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
