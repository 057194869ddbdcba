import type { Db } from '../../db/database.js';
import type { FolderRow } from './folders.table.js';

export function listFolders(db: Db, userId: number): Promise<FolderRow[]> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

export function findDefaultFolder(db: Db, userId: number): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

/** A folder of this user; another user's folder is not found. */
export function findFolderOfUser(db: Db, userId: number, id: number): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertFolder(
  db: Db,
  folder: { user_id: number; name: string; is_default?: number; created_at: string },
): Promise<FolderRow> {
  return db.insertInto('folders').values(folder).returningAll().executeTakeFirstOrThrow();
}

export function updateFolder(
  db: Db,
  id: number,
  changes: { name?: string; is_archived?: number },
): Promise<FolderRow> {
  return db.updateTable('folders').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFolder(db: Db, id: number): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', id).execute();
}

/** Whether any project is filed in the folder (by its owner, the only user who can file there). */
export async function folderHasProjects(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('project_members')
    .select('id')
    .where('folder_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
