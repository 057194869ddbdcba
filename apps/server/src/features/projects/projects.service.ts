import type { AppDatabase } from '../../db/app-database.js';
import {
  COURSE_FIELDS,
  type CreateProjectInput,
  type ProjectCourseInput,
  type Member,
  type Project,
  type ProjectPermission,
  type UpdatePlacementInput,
  type UpdateProjectInput,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { recordActivity } from '../activity/activity.service.js';
import {
  authorizeProject,
  splitPlacement,
  type AuthorizeOptions,
  type ProjectAccess,
} from '../../access/access.js';
import {
  findProjectForUser,
  projectChanged,
  type PlacementRecord,
  type ProjectRow,
} from '../../access/access.js';
import type { UserRow } from '../../users/users.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { StoredFiles } from '../../board-content/board-content.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import * as members from '../members/members.service.js';
import { rebalanceIfCrowded } from '../../lib/rebalance.js';
import * as repo from './projects.repository.js';

export function toProject(
  project: ProjectRow,
  placement: PlacementRecord | null,
  projectMembers: Member[],
): Project {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    role: placement?.role ?? null,
    has_github: project.has_github === 1,
    is_private: project.is_private === 1,
    time_zone: project.time_zone,
    course: {
      year: project.course_year,
      semester: project.course_semester,
      section: project.course_section,
      group: project.course_group,
    },
    is_favorite: placement?.is_favorite === 1,
    members: projectMembers,
    folder_id: placement?.folder_id ?? null,
    order: placement?.sort_order ?? 0,
    created_at: project.created_at,
  };
}

/** The columns a `course` input changes: null clears all four, a field left out stays. */
function courseChanges(course: ProjectCourseInput | null): repo.CourseChanges {
  if (course === null)
    return { course_year: null, course_semester: null, course_section: null, course_group: null };
  const changes: repo.CourseChanges = {};
  for (const field of COURSE_FIELDS) {
    const value = course[field];
    if (value !== undefined) changes[`course_${field}`] = value;
  }
  return changes;
}

/** A team project of a course: its name and its place in the course (all four fields said). */
export type CourseProject = Required<repo.CourseChanges> & { name: string };

/**
 * Public team projects made by `createdBy` for a roster import, in a few INSERTs inside the caller's
 * transaction (a course is 60 projects or more); their ids and names. Their memberships, content and
 * activity are the caller's to add.
 */
export function createCourseProjects(
  db: Db,
  projects: CourseProject[],
  createdBy: number,
  at: string,
): Promise<{ id: number; name: string }[]> {
  return repo.insertProjects(
    db,
    projects.map((project) => ({
      ...project,
      description: '',
      is_private: 0,
      time_zone: null,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
    })),
  );
}

/** A project's place in its course, as a roster import states it (all four fields). */
export async function setCoursePlacement(
  db: Db,
  projectId: number,
  placement: Required<repo.CourseChanges>,
  at: string,
): Promise<void> {
  await repo.updateCourse(db, projectId, { ...placement, updated_at: at });
}

/** The max_projects rule lives with memberships; invitations reach it here too. */
export const assertMayOwnAnother = members.assertMayOwnAnother;

export interface ProjectsDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  folders: ProjectFolders;
  attachments: StoredFiles;
  realtime: RealtimePublisher;
}

export class ProjectsService {
  constructor(private readonly deps: ProjectsDeps) {}

  authorize(
    user: UserRow,
    projectId: number,
    permission: ProjectPermission,
    options?: AuthorizeOptions,
  ): Promise<ProjectAccess> {
    return authorizeProject(this.deps.database, user, projectId, permission, options);
  }

  /** The caller's projects with their members: two queries whatever the number of projects. */
  async list(user: UserRow): Promise<Project[]> {
    const rows = await repo.listProjectsOfUser(this.deps.db, user.id);
    const memberRecords = await members.listMembersOfUserProjects(this.deps.db, user.id);
    const byProject = new Map<number, Member[]>();
    for (const record of memberRecords) {
      const list = byProject.get(record.project_id) ?? [];
      list.push(members.toMember(record));
      byProject.set(record.project_id, list);
    }
    return rows.map((row) => {
      const { project, membership } = splitPlacement(row);
      return toProject(project, membership, byProject.get(project.id) ?? []);
    });
  }

  /** The project as `user` sees it (their role and placement). */
  async view(user: UserRow, projectId: number, db: Db = this.deps.db): Promise<Project> {
    const row = await findProjectForUser(this.deps.database, projectId, user.id, db);
    if (!row) throw new AppError('NOT_FOUND');
    const { project, membership } = splitPlacement(row);
    const projectMembers = (await members.listMembers(db, projectId)).map(members.toMember);
    return toProject(project, membership, projectMembers);
  }

  async create(user: UserRow, input: CreateProjectInput): Promise<Project> {
    const folder =
      input.folder_id !== undefined
        ? await this.deps.folders.ownFolder(user.id, input.folder_id)
        : await this.deps.folders.defaultFolder(user.id);
    const now = this.nowIso();
    return this.deps.db.transaction().execute(async (trx) => {
      await members.assertMayOwnAnother(trx, user);
      const project = await repo.insertProject(trx, {
        name: input.name,
        description: input.description ?? '',
        is_private: input.is_private ? 1 : 0,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      });
      await members.addMembership(trx, {
        projectId: project.id,
        userId: user.id,
        role: 'owner',
        folderId: folder.id,
        at: now,
      });
      await recordActivity(trx, { kind: 'project.created', actor: user, project, at: now });
      return this.view(user, project.id, trx);
    });
  }

  async update(user: UserRow, access: ProjectAccess, input: UpdateProjectInput): Promise<Project> {
    const now = this.nowIso();
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const changes: repo.ProjectChanges = { updated_at: now };
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.is_private !== undefined) changes.is_private = input.is_private ? 1 : 0;
      if (input.time_zone !== undefined) changes.time_zone = input.time_zone;
      if (input.course !== undefined) Object.assign(changes, courseChanges(input.course));
      const project = await repo.updateProject(trx, access.project.id, changes);
      await recordActivity(trx, { kind: 'project.updated', actor: user, project, at: now });
      return this.view(user, project.id, trx);
    });
    // Made private: teachers and admins looking at its boards without membership lose them.
    await members.announceMembership(this.deps.db, this.deps.database.stamps, this.deps.realtime, updated.id);
    return updated;
  }

  /** Everything in it goes (ON DELETE CASCADE); its attachment files are removed after commit. */
  async remove(access: ProjectAccess): Promise<void> {
    const { attachments } = this.deps;
    const formerMembers = (await members.listMembers(this.deps.db, access.project.id)).map((m) => m.user_id);
    const keys = await this.deps.db.transaction().execute(async (trx) => {
      const stored = await attachments.storedKeys(trx, { projectId: access.project.id });
      await repo.deleteProject(trx, access.project.id);
      return stored;
    });
    await members.announceMembership(
      this.deps.db,
      this.deps.database.stamps,
      this.deps.realtime,
      access.project.id,
      formerMembers,
    );
    await attachments.removeFiles(keys);
  }

  /** The caller's own filing: folder (one of theirs), order, favorite. Nobody else's changes. */
  async place(user: UserRow, access: ProjectAccess, input: UpdatePlacementInput): Promise<Project> {
    const membership = access.membership;
    if (!membership) throw new AppError('FORBIDDEN');
    const placed = await this.deps.db.transaction().execute(async (trx) => {
      const changes: { folder_id?: number; sort_order?: number; is_favorite?: number } = {};
      if (input.folder_id !== undefined && input.folder_id !== membership.folder_id) {
        const folder = await this.deps.folders.ownFolder(user.id, input.folder_id, trx);
        changes.folder_id = folder.id;
        changes.sort_order = await members.nextSortOrder(trx, user.id, folder.id);
      }
      if (input.order !== undefined) changes.sort_order = input.order;
      if (input.is_favorite !== undefined) changes.is_favorite = input.is_favorite ? 1 : 0;
      if (Object.keys(changes).length > 0) {
        await members.updatePlacement(trx, membership.membership_id, changes);
      }
      if (changes.sort_order !== undefined) {
        const folderId = changes.folder_id ?? membership.folder_id;
        const scope = { user_id: user.id, folder_id: folderId };
        await rebalanceIfCrowded(trx, { table: 'project_members', key: 'sort_order', scope });
      }
      return this.view(user, access.project.id, trx);
    });
    projectChanged(this.deps.database.stamps, access.project.id); // the remembered access carries the placement
    return placed;
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}
