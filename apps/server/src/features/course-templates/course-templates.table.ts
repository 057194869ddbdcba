import type { Generated, Selectable } from 'kysely';

/** A course template (docs/api-course-templates.md); `body` is the JSON of CourseTemplateBody. */
export interface CourseTemplatesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  year: number | null;
  semester: string | null;
  body: string;
  created_at: string;
  updated_at: string;
}
export type CourseTemplateRow = Selectable<CourseTemplatesTable>;

/** The team project a roster import made for one team of a template (one per template and team). */
export interface CourseTemplateProjectsTable {
  template_id: number;
  /** The team's name trimmed, spaces collapsed, lowercased. */
  team_key: string;
  /** The team's name as the roster first spelled it. */
  team: string;
  project_id: number;
  created_at: string;
}
export type CourseTemplateProjectRow = Selectable<CourseTemplateProjectsTable>;
