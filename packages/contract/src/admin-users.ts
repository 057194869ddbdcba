import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { DEFAULT_MAX_PROJECTS } from './constants.js';
import { AccountTypeSchema, type AccountType } from './permissions.js';

/** Dashboard Users, Admins and Audit tabs (docs/api-admin-users.md). Admins only. */

export const ADMIN_PAGE_DEFAULT_LIMIT = 20;
export const ADMIN_PAGE_MAX_LIMIT = 100;
/** The largest `max_projects` an admin may set; null means unlimited. */
export const MAX_PROJECTS_LIMIT = 1000;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** A project limit an admin sets: a whole number from 0 to MAX_PROJECTS_LIMIT, or null (unlimited). */
export const MaxProjectsSchema = z
  .number('MAX_PROJECTS_NOT_VALID')
  .int('MAX_PROJECTS_NOT_VALID')
  .min(0, 'MAX_PROJECTS_NOT_VALID')
  .max(MAX_PROJECTS_LIMIT, 'MAX_PROJECTS_NOT_VALID')
  .nullable();

/**
 * The limit an account gets when its type changes and the admin sets none (issue 44.9): a student
 * keeps their limit or gets DEFAULT_MAX_PROJECTS; teaching staff and admins are unlimited. The
 * server applies it to a PATCH without max_projects; the dashboard form puts it in the field.
 */
export function maxProjectsForType(type: AccountType, current: number | null): number | null {
  if (type !== 'user') return null;
  return current ?? DEFAULT_MAX_PROJECTS;
}

/** A user as the Users tab lists them. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_type: AccountTypeSchema,
  /** null means unlimited. */
  max_projects: z.number().int().nullable(),
  year: z.number().int().nullable(),
  semester: z.string().nullable(),
  section: z.string().nullable(),
  group: z.string().nullable(),
  /** When the address was confirmed; null for an unconfirmed account. */
  confirmed_at: z.string().nullable(),
  /** When the account was blocked; null for an active one. */
  blocked_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const limit = z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX_LIMIT).default(ADMIN_PAGE_DEFAULT_LIMIT);
/** The keyset cursor: the last id of the previous page, as a decimal string (opaque to clients). */
const cursor = z.string().max(20).optional();
const filterText = z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional();

/**
 * GET /api/admin/users — newest accounts first. `q` matches name or email (case-insensitive,
 * substring); the other filters match exactly.
 */
export const AdminUsersQuerySchema = z.object({
  q: filterText,
  account_type: AccountTypeSchema.optional(),
  year: z.coerce.number().int().min(1900).max(3000).optional(),
  semester: z.string().max(20).optional(),
  section: z.string().max(100).optional(),
  group: z.string().max(100).optional(),
  limit,
  cursor,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserPageResponseSchema = z.object({
  data: z.array(AdminUserSchema),
  next_cursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageResponseSchema>;

export const AdminUserResponseSchema = z.object({ data: AdminUserSchema });
export const AdminUserListResponseSchema = z.object({ data: z.array(AdminUserSchema) });

/** PATCH /api/admin/users/:id — either field or both. */
export const AdminUserUpdateSchema = z
  .object({
    account_type: AccountTypeSchema.optional(),
    max_projects: MaxProjectsSchema.optional(),
  })
  .strict()
  .refine(
    (value) => value.account_type !== undefined || value.max_projects !== undefined,
    'VALIDATION_FAILED',
  );
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

/** POST /api/admin/admins — makes an existing account an administrator. */
export const AdminAddInputSchema = z.object({ email: EmailSchema }).strict();
export type AdminAddInput = z.infer<typeof AdminAddInputSchema>;

/** The audit log's kinds the Audit tab offers as a filter (the server may log others too). */
export const AUDIT_EVENT_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'password.changed',
  'password.reset',
  'access.denied',
  'access.probing',
  'socket.flooding',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.quit',
  'admin.created',
  'admin.promoted',
  'admin.added',
  'admin.removed',
  'account.type_changed',
  'account.max_projects_changed',
  'account.blocked',
  'account.unblocked',
  'account.confirmation_resent',
  'account.oidc_linked',
  'terms.published',
  'terms.accepted',
  'assistant.settings_changed',
] as const;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  /** Who did it (null: nobody signed in), with their current name and email. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  ip: z.string(),
  route: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  at: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'VALIDATION_FAILED');

/**
 * GET /api/admin/audit_events — newest first. `user` matches the actor's name or email (substring),
 * `event` the kind exactly, `from`/`to` the UTC days (inclusive).
 */
export const AuditEventsQuerySchema = z.object({
  user: filterText,
  event: z.string().max(100).optional(),
  from: day.optional(),
  to: day.optional(),
  limit,
  cursor,
});
export type AuditEventsQuery = z.infer<typeof AuditEventsQuerySchema>;

export const AuditEventPageResponseSchema = z.object({
  data: z.array(AuditEventSchema),
  next_cursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof AuditEventPageResponseSchema>;
