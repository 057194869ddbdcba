import type { Db } from '../../db/database.js';
import type { CommentRow } from './comments.table.js';

export type CommentRecord = CommentRow & { user_name: string; image_key: string | null; project_id: number };

function withAuthor(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('tasks', 'tasks.id', 'comments.task_id')
    .selectAll('comments')
    .select(['users.name as user_name', 'users.image_key', 'tasks.project_id']);
}

export function listComments(db: Db, taskId: number): Promise<CommentRecord[]> {
  return withAuthor(db).where('comments.task_id', '=', taskId).orderBy('comments.id').execute();
}

export function findComment(db: Db, projectId: number, id: number): Promise<CommentRecord | undefined> {
  return withAuthor(db)
    .where('comments.id', '=', id)
    .where('tasks.project_id', '=', projectId)
    .executeTakeFirst();
}

export async function insertComment(db: Db, comment: Omit<CommentRow, 'id'>): Promise<number> {
  return (await db.insertInto('comments').values(comment).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateComment(db: Db, id: number, changes: { text: string; updated_at: string }) {
  await db.updateTable('comments').set(changes).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}
