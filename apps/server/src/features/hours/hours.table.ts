import type { Generated, Selectable } from 'kysely';

export interface HoursTable {
  id: Generated<number>;
  task_id: number;
  project_id: number;
  user_id: number;
  hours: number;
  date: string;
  created_at: string;
  updated_at: string;
}
export type HourRow = Selectable<HoursTable>;
