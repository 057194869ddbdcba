import type { CourseTemplateBody } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import type { CourseTemplateRow } from './course-templates.table.js';

export type CourseTemplateListRow = CourseTemplateRow & { owner_name: string };

function selectTemplates(db: Db) {
  return db
    .selectFrom('course_templates')
    .innerJoin('users', 'users.id', 'course_templates.owner_id')
    .selectAll('course_templates')
    .select('users.name as owner_name');
}

/** Every template of `ownerId` (or of everyone), most recently changed first. */
export function listTemplates(db: Db, ownerId: number | undefined): Promise<CourseTemplateListRow[]> {
  let query = selectTemplates(db)
    .orderBy('course_templates.updated_at', 'desc')
    .orderBy('course_templates.id', 'desc');
  if (ownerId !== undefined) query = query.where('course_templates.owner_id', '=', ownerId);
  return query.execute();
}

export function findTemplate(db: Db, id: number): Promise<CourseTemplateListRow | undefined> {
  return selectTemplates(db).where('course_templates.id', '=', id).executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Omit<CourseTemplateRow, 'id'>): Promise<number> {
  const inserted = await db
    .insertInto('course_templates')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  changes: Pick<CourseTemplateRow, 'name' | 'year' | 'semester' | 'body' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('course_templates').set(changes).where('id', '=', id).execute();
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom('course_templates').where('id', '=', id).execute();
}

/** The team projects each template's imports made (and that still exist), by team. */
export function templateProjects(db: Db, templateIds: number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_template_projects')
    .innerJoin('projects', 'projects.id', 'course_template_projects.project_id')
    .select([
      'course_template_projects.template_id',
      'course_template_projects.team',
      'projects.id',
      'projects.name',
    ])
    .where('course_template_projects.template_id', 'in', templateIds)
    .orderBy('course_template_projects.team_key')
    .execute();
}

/** What a project holds that a template can copy: boards with their columns, labels, milestones. */
export async function projectContent(db: Db, projectId: number): Promise<CourseTemplateBody> {
  const [boards, columns, labels, milestones] = await Promise.all([
    db
      .selectFrom('boards')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('columns')
      .innerJoin('boards', 'boards.id', 'columns.board_id')
      .select(['columns.board_id', 'columns.name'])
      .where('boards.project_id', '=', projectId)
      .orderBy('columns.position')
      .orderBy('columns.id')
      .execute(),
    db
      .selectFrom('labels')
      .select(['name', 'color'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('milestones')
      .select(['name', 'start_date', 'deadline', 'sprint'])
      .where('project_id', '=', projectId)
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
  ]);
  return {
    boards: boards.map((board) => ({
      name: board.name,
      columns: columns.filter((column) => column.board_id === board.id).map(({ name }) => ({ name })),
    })),
    labels,
    milestones: milestones.map((milestone) => ({ ...milestone, sprint: Number(milestone.sprint) === 1 })),
  };
}
