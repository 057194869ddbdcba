import type { AppDatabase } from '../../db/app-database.js';
import {
  accountCan,
  COURSE_TEMPLATE_BOARDS_MAX,
  COURSE_TEMPLATE_COLUMNS_MAX,
  COURSE_TEMPLATE_LABELS_MAX,
  COURSE_TEMPLATE_MILESTONES_MAX,
  COURSE_TEMPLATE_NAME_MAX_LENGTH,
  CourseTemplateBodySchema,
  isErrorCode,
  type ErrorCode,
  type CourseTemplate,
  type CourseTemplateBody,
  type CourseTemplateFromProjectInput,
  type CourseTemplateInput,
} from '@teamboard/contract';
import { authorizeProject } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import * as repo from './course-templates.repository.js';
import type { CourseTemplateListRow } from './course-templates.repository.js';

/** Teachers and admins (ACCOUNT_PERMISSIONS 'course_templates.manage'); anyone else 403. */
export function requireTemplateStaff(user: UserRow): void {
  if (!accountCan(user.account_type, 'course_templates.manage')) throw new AppError('FORBIDDEN');
}

/** The stored body, read back through the contract (defaults filled in). */
export function templateBody(row: { body: string }): CourseTemplateBody {
  return CourseTemplateBodySchema.parse(JSON.parse(row.body));
}

/** Keeps the first of each name (ignoring case) and at most `max` items. */
function firstDistinct<T extends { name: string }>(items: T[], max: number): T[] {
  const seen = new Set<string>();
  return items
    .filter((item) => {
      const key = item.name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, max);
}

/**
 * A project's content within a template's rules: boards with at least one column, names distinct,
 * each list cut at its limit (a project may hold more than a template does).
 */
export function fitToTemplate(content: CourseTemplateBody): CourseTemplateBody {
  const boards = content.boards
    .map((board) => ({
      name: board.name,
      columns: firstDistinct(board.columns, COURSE_TEMPLATE_COLUMNS_MAX),
    }))
    .filter((board) => board.columns.length > 0);
  return {
    boards: firstDistinct(boards, COURSE_TEMPLATE_BOARDS_MAX),
    labels: firstDistinct(content.labels, COURSE_TEMPLATE_LABELS_MAX),
    milestones: firstDistinct(content.milestones, COURSE_TEMPLATE_MILESTONES_MAX),
  };
}

/**
 * Course templates (docs/api-course-templates.md). Every call checks the caller's account type here
 * as well as in the route's 'staff' policy: a teacher manages the templates they made, an admin all
 * (another teacher's template is 404 to a teacher, as knowledge forms are).
 */
export class CourseTemplatesService {
  constructor(private readonly deps: { database: AppDatabase; db: Db; clock: Clock }) {}

  private async present(rows: CourseTemplateListRow[]): Promise<CourseTemplate[]> {
    const projects = await repo.templateProjects(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      year: row.year,
      semester: row.semester,
      ...templateBody(row),
      owner_id: row.owner_id,
      owner_name: row.owner_name,
      projects: projects
        .filter((project) => project.template_id === row.id)
        .map(({ id, name, team }) => ({ id, name, team })),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  /** A template the caller manages; 404 for one they do not (or none). */
  async managed(user: UserRow, id: number, db: Db = this.deps.db): Promise<CourseTemplateListRow> {
    requireTemplateStaff(user);
    const row = await repo.findTemplate(db, id);
    if (!row || (user.account_type !== 'admin' && row.owner_id !== user.id)) throw new AppError('NOT_FOUND');
    return row;
  }

  async list(user: UserRow): Promise<CourseTemplate[]> {
    requireTemplateStaff(user);
    const rows = await repo.listTemplates(this.deps.db, user.account_type === 'admin' ? undefined : user.id);
    return this.present(rows);
  }

  async read(user: UserRow, id: number): Promise<CourseTemplate> {
    return (await this.present([await this.managed(user, id)]))[0]!;
  }

  async create(user: UserRow, input: CourseTemplateInput): Promise<CourseTemplate> {
    requireTemplateStaff(user);
    const now = this.nowIso();
    const id = await repo.insertTemplate(this.deps.db, {
      owner_id: user.id,
      name: input.name,
      year: input.year,
      semester: input.semester,
      body: bodyJson(input),
      created_at: now,
      updated_at: now,
    });
    return this.read(user, id);
  }

  /** A copy of what a project the caller can see holds (a member's, or a public one). */
  async createFromProject(user: UserRow, input: CourseTemplateFromProjectInput): Promise<CourseTemplate> {
    requireTemplateStaff(user);
    const { project } = await authorizeProject(this.deps.database, user, input.project_id, 'project.view');
    const fitted = CourseTemplateBodySchema.safeParse(
      fitToTemplate(await repo.projectContent(this.deps.db, project.id)),
    );
    if (!fitted.success) throw new AppError(errorCodeOf(fitted.error.issues[0]?.message));
    const content = fitted.data;
    const name =
      input.name ?? Array.from(project.name).slice(0, COURSE_TEMPLATE_NAME_MAX_LENGTH).join('').trim();
    return this.create(user, { name, year: input.year, semester: input.semester, ...content });
  }

  async update(user: UserRow, id: number, input: CourseTemplateInput): Promise<CourseTemplate> {
    await this.managed(user, id);
    await repo.updateTemplate(this.deps.db, id, {
      name: input.name,
      year: input.year,
      semester: input.semester,
      body: bodyJson(input),
      updated_at: this.nowIso(),
    });
    return this.read(user, id);
  }

  /** The template and what it remembers of its imports; the team projects stay. */
  async remove(user: UserRow, id: number): Promise<void> {
    await this.managed(user, id);
    await repo.deleteTemplate(this.deps.db, id);
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

const errorCodeOf = (message: string | undefined): ErrorCode =>
  isErrorCode(message) ? message : 'VALIDATION_FAILED';

function bodyJson(input: CourseTemplateBody): string {
  const body: CourseTemplateBody = {
    boards: input.boards,
    labels: input.labels,
    milestones: input.milestones,
  };
  return JSON.stringify(body);
}
