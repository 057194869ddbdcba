import type { Generated, Selectable } from 'kysely';

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_private: Generated<number>;
  has_github: Generated<number>;
  /** IANA zone the reports count days in; null: the server's. */
  time_zone: string | null;
  /** Its place in a course (set by a roster import or the owner); null: not placed. */
  course_year: string | null;
  course_semester: string | null;
  course_section: string | null;
  course_group: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type ProjectRow = Selectable<ProjectsTable>;
