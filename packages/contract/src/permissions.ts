import { z } from 'zod';

/** Platform account types (docs/product.md, People and accounts). */
export const ACCOUNT_TYPES = ['user', 'teacher', 'admin'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

/** The top bar's Dashboard item and every dashboard call are for these account types. */
export function canSeeDashboard(accountType: AccountType): boolean {
  return accountType === 'teacher' || accountType === 'admin';
}

/** Roles on a project (docs/product.md, the permission matrix). */
export const PROJECT_ROLES = ['owner', 'member', 'viewer'] as const;
export const ProjectRoleSchema = z.enum(PROJECT_ROLES, 'ROLE_NOT_VALID');
export type ProjectRole = z.infer<typeof ProjectRoleSchema>;

/**
 * The permission matrix of docs/product.md, as the one table both sides read. The server checks every
 * project-scoped endpoint against it (one check function); the web app only uses it to hide
 * controls a role cannot use — which is convenience, not access control.
 */
export const PROJECT_PERMISSIONS = {
  /** See the project, its boards, tasks, milestones, reports, lessons, stand-ups. */
  'project.view': ['owner', 'member', 'viewer'],
  /** Create/edit/move/archive/complete boards, columns, tasks, labels, milestones, checklists; attach; comment. */
  'work.edit': ['owner', 'member'],
  /** Report own hours; submit own stand-up. */
  'work.report_own': ['owner', 'member'],
  /** Edit or delete another person's comment or hour entry. */
  'work.moderate': ['owner'],
  /** Invite, change roles, remove members; edit or delete sent invitations. */
  'members.manage': ['owner'],
  /** Link/unlink the code repository, edit project settings, delete the project. */
  'project.manage': ['owner'],
  /** Create, send and close evaluations; see all results. */
  'evaluations.manage': ['owner'],
  /** Answer an evaluation sent to them. */
  'evaluations.answer': ['owner', 'member', 'viewer'],
  /** Quit the project (the last owner is refused by a separate rule). */
  'project.quit': ['owner', 'member', 'viewer'],
  /** Read the hour-log questions (docs/api-hour-signals.md); teachers/admins too on public projects. */
  'hours.review': ['owner'],
} as const satisfies Record<string, readonly ProjectRole[]>;

export type ProjectPermission = keyof typeof PROJECT_PERMISSIONS;

/**
 * The permissions a teacher or admin who is not a member may use on a public project (the course
 * overview): reading it, and the staff-only reads. Never a write.
 */
export const STAFF_READ_PERMISSIONS: readonly ProjectPermission[] = ['project.view', 'hours.review'];

/** Whether `role` may do `permission` on a project. */
export function can(role: ProjectRole | null | undefined, permission: ProjectPermission): boolean {
  return role != null && (PROJECT_PERMISSIONS[permission] as readonly ProjectRole[]).includes(role);
}

/**
 * Abilities that come with an account type, not a project role (docs/product.md, People and
 * accounts): the dashboard's tools. The server checks them in the service beside the route's
 * account policy; the web app only uses them to show a tab.
 */
export const ACCOUNT_PERMISSIONS = {
  /** Build course templates and import rosters into team projects (docs/api-course-templates.md). */
  'course_templates.manage': ['teacher', 'admin'],
  /** Read the course overview of every visible team, and its CSV (docs/api-course-overview.md). */
  'course_overview.view': ['teacher', 'admin'],
} as const satisfies Record<string, readonly AccountType[]>;

export type AccountPermission = keyof typeof ACCOUNT_PERMISSIONS;

/** Whether an account of this type may use `permission`. */
export function accountCan(
  accountType: AccountType | null | undefined,
  permission: AccountPermission,
): boolean {
  return (
    accountType != null && (ACCOUNT_PERMISSIONS[permission] as readonly AccountType[]).includes(accountType)
  );
}
