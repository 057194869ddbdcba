import { can, STAFF_READ_PERMISSIONS, type ProjectPermission, type ProjectRole } from '@teamboard/contract';
import type { AppDatabase } from '../db/app-database.js';
import { AppError } from '../lib/app-error.js';
import type { UserRow } from '../users/users.js';
import {
  findProjectForUser,
  type PlacementRecord,
  type ProjectRow,
  type ProjectWithPlacement,
} from './access.repository.js';

/** What the permission check found: the project, the caller's membership (if any) and role. */
export interface ProjectAccess {
  project: ProjectRow;
  membership: PlacementRecord | null;
  /** null for a teacher or admin viewing a public project they are not a member of. */
  role: ProjectRole | null;
}

export interface AuthorizeOptions {
  /** The action is on the caller's own membership (e.g. their placement): a read-only viewer is refused. */
  requireMembership?: boolean;
}

/** A project row read with the caller's membership columns, split into the two. */
export function splitPlacement(row: ProjectWithPlacement): ProjectAccess {
  const { membership_id, role, folder_id, sort_order, is_favorite, ...project } = row;
  const membership =
    membership_id !== null &&
    role !== null &&
    folder_id !== null &&
    sort_order !== null &&
    is_favorite !== null
      ? { membership_id, role, folder_id, sort_order, is_favorite }
      : null;
  return { project, membership, role: membership?.role ?? null };
}

function mayViewWithoutMembership(user: UserRow, project: ProjectRow): boolean {
  return project.is_private === 0 && (user.account_type === 'teacher' || user.account_type === 'admin');
}

/**
 * THE permission check of every project-scoped endpoint (docs/product.md matrix via `can`). Loads the
 * project with the caller's membership in one query. A non-member gets 404 (a project's existence
 * must not leak), except a teacher or admin on a public project, who may only read it (role null;
 * `STAFF_READ_PERMISSIONS` only, any other permission is 403). A member whose role lacks the
 * permission gets 403 FORBIDDEN.
 */
export async function authorizeProject(
  database: AppDatabase,
  user: UserRow,
  projectId: number,
  permission: ProjectPermission,
  options: AuthorizeOptions = {},
): Promise<ProjectAccess> {
  const row = await findProjectForUser(database, projectId, user.id);
  if (!row) throw new AppError('NOT_FOUND');
  const access = splitPlacement(row);
  if (access.membership) {
    if (!can(access.role, permission)) throw new AppError('FORBIDDEN');
    return access;
  }
  if (!mayViewWithoutMembership(user, access.project)) throw new AppError('NOT_FOUND');
  if (!STAFF_READ_PERMISSIONS.includes(permission) || options.requireMembership)
    throw new AppError('FORBIDDEN');
  return access;
}
