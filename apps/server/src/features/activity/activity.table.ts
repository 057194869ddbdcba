import type { ActivityKind, ProjectRole } from '@teamboard/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

/** One event of the Home feed. Names are copied when it happens, so the feed reads right later. */
export interface ActivitiesTable {
  id: Generated<number>;
  kind: ActivityKind;
  actor_id: number | null;
  actor_name: string;
  project_id: number | null;
  project_name: string;
  subject_user_id: number | null;
  subject_name: string | null;
  role: ProjectRole | null;
  created_at: string;
}

export type ActivityRow = Selectable<ActivitiesTable>;
export type NewActivityRow = Insertable<ActivitiesTable>;
