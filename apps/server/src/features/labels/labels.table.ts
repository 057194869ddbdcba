import type { Generated, Selectable } from 'kysely';

export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
}
export type LabelRow = Selectable<LabelsTable>;
