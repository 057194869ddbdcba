import type { SnapshotSource } from '@teamboard/contract';
import type { Generated, Selectable } from 'kysely';

/** A milestone frozen at a deadline (docs/api-milestone-snapshots.md); never updated. */
export interface MilestoneSnapshotsTable {
  id: Generated<number>;
  /** null once the milestone is deleted (the snapshot stays for grading). */
  milestone_id: number | null;
  project_id: number;
  milestone_name: string;
  /** The deadline it was taken for, `YYYY-MM-DD`; unique with `milestone_id`. */
  deadline: string;
  taken_at: string;
  source: SnapshotSource;
  /** The frozen body, JSON text (`MilestoneSnapshotBody`, with its `version`). */
  body: string;
}
export type MilestoneSnapshotRow = Selectable<MilestoneSnapshotsTable>;
