import type { Generated, Selectable } from 'kysely';

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_private: Generated<number>;
  has_github: Generated<number>;
  /** IANA zone the reports count days in; null: the server's. */
  time_zone: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type ProjectRow = Selectable<ProjectsTable>;
