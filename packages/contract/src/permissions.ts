import { z } from 'zod';

/** Platform account types (PRODUCT.md, People and accounts). */
export const ACCOUNT_TYPES = ['user', 'teacher', 'admin'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

/** The top bar's Dashboard item and every dashboard call are for these account types. */
export function canSeeDashboard(accountType: AccountType): boolean {
  return accountType === 'teacher' || accountType === 'admin';
}

/** Roles on a project (PRODUCT.md, the permission matrix). */
export const PROJECT_ROLES = ['owner', 'member', 'viewer'] as const;
export const ProjectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof ProjectRoleSchema>;
