import type { Generated, Selectable } from 'kysely';

/** A user's folder. Booleans are 0/1 and timestamps ISO text (see db/dialect.ts). */
export interface FoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_archived: Generated<number>;
  is_default: Generated<number>;
  created_at: string;
}

export type FolderRow = Selectable<FoldersTable>;
