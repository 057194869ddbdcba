import type { Generated, Selectable } from 'kysely';

export interface MilestonesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  start_date: string;
  deadline: string;
  sprint: Generated<number>;
  created_at: string;
}
export type MilestoneRow = Selectable<MilestonesTable>;
