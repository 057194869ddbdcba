import type { Generated, Selectable } from 'kysely';

export interface ChecklistItemsTable {
  id: Generated<number>;
  task_id: number;
  text: string;
  status: 'pending' | 'done';
  position: number;
  created_at: string;
}
export type ChecklistItemRow = Selectable<ChecklistItemsTable>;
