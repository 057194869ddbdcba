import type { Generated, Selectable } from 'kysely';

/** One stand-up (docs/api-standups.md); `day` is the project's day it was submitted on. */
export interface StandupsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  day: string;
  did: string;
  will_do: string;
  blockers: string;
  /** 0/1. */
  is_blocked: number;
  hours: number;
  stress: number;
  feeling: number;
  created_at: string;
  updated_at: string;
}
export type StandupRow = Selectable<StandupsTable>;
