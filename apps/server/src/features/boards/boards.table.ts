import type { Generated, Selectable } from 'kysely';

export interface BoardsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: Generated<string>;
  position: number;
  created_at: string;
  updated_at: string;
  /** Bumped by every write that changes the board detail (board-versions.ts); the ETag. */
  version: Generated<number>;
}
export type BoardRow = Selectable<BoardsTable>;

/** The project labels a board offers. */
export interface BoardLabelsTable {
  board_id: number;
  label_id: number;
}

export interface ColumnsTable {
  id: Generated<number>;
  board_id: number;
  name: string;
  position: number;
}
export type ColumnRow = Selectable<ColumnsTable>;
