import type { Db } from '../db/database.js';

/** Which part of a project is going away: one task, a column, a board or the whole project. */
export type ContentScope =
  { taskId: number } | { columnId: number } | { boardId: number } | { projectId: number };

/**
 * What deleting board content needs from the attachments feature: the stored keys of the files in
 * the scope (read inside the deleting transaction) and their removal once it has committed. Passed
 * in to tasks, boards and projects, so none of them depends on the attachments service.
 */
export interface StoredFiles {
  storedKeys(db: Db, scope: ContentScope): Promise<string[]>;
  removeFiles(keys: string[]): Promise<void>;
}
