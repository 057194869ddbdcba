import type { Db } from '../../src/db/database.js';
import type { AccountActor, AccountRow } from './account-permission-rows.js';
import type { WriteRow } from './mass-assignment-rows.js';

/**
 * A new account every dashboard action of docs/api-admin-users.md fits: an unconfirmed admin
 * (promoted, demoted, blocked, unblocked, sent a confirmation, removed as an admin). Inserted
 * directly (no password hashing): the permission matrix makes one per case.
 */
export async function insertDashboardTarget(
  db: Db,
  caseNumber: number,
): Promise<{ id: number; email: string }> {
  const now = '2026-11-01T00:00:00.000Z';
  const email = `target${caseNumber}@uni.example`;
  const row = await db
    .insertInto('users')
    .values({
      email,
      name: `Target ${caseNumber}`,
      password_hash: 'not-a-usable-hash',
      account_type: 'admin',
      max_projects: null,
      language: 'en',
      confirmed_at: null,
      terms_accepted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** 'admin': an administrator; signed out or blocked 401; a user or a teacher 403. */
const ADMIN_ONLY = (status: number) => ({
  own: { signed_out: 401, user: 403, teacher: 403, admin: status, blocked: 401 } satisfies Record<
    AccountActor,
    number
  >,
});

/** The permission rows of the dashboard's Users, Admins and Audit tabs (all admin-only). */
export const ADMIN_USERS_ROWS: AccountRow[] = [
  {
    method: 'GET',
    route: '/api/admin/users',
    request: () => ({ url: '/api/admin/users?q=uni&account_type=user&year=2026&limit=5' }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/users/:id',
    request: (c) => ({
      url: `/api/admin/users/${c.dashboardTarget.id}`,
      payload: { account_type: 'teacher' },
    }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/users/:id/block',
    request: (c) => ({ url: `/api/admin/users/${c.dashboardTarget.id}/block` }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id/block',
    request: (c) => ({ url: `/api/admin/users/${c.dashboardTarget.id}/block` }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/confirmation',
    request: (c) => ({ url: `/api/admin/users/${c.dashboardTarget.id}/confirmation` }),
    expected: ADMIN_ONLY(204),
  },
  {
    method: 'GET',
    route: '/api/admin/admins',
    request: () => ({ url: '/api/admin/admins' }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/admins',
    request: (c) => ({ url: '/api/admin/admins', payload: { email: c.dashboardTarget.email } }),
    expected: ADMIN_ONLY(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/admins/:id',
    request: (c) => ({ url: `/api/admin/admins/${c.dashboardTarget.id}` }),
    expected: ADMIN_ONLY(204),
  },
  {
    method: 'GET',
    route: '/api/admin/audit_events',
    request: () => ({ url: '/api/admin/audit_events?user=admin&event=sign_in.succeeded&from=2026-11-01' }),
    expected: ADMIN_ONLY(200),
  },
];

/** The mass-assignment rows of the dashboard's write routes, each on an account of its own. */
export const ADMIN_USERS_WRITE_ROWS: WriteRow[] = [
  {
    method: 'PUT',
    route: '/api/admin/users/:id',
    request: async (c) => ({
      url: `/api/admin/users/${(await c.fresh.account()).id}`,
      payload: { max_projects: 3 },
    }),
    clientFields: ['account_type', 'max_projects'],
  },
  {
    method: 'PUT',
    route: '/api/admin/users/:id/block',
    request: async (c) => ({ url: `/api/admin/users/${(await c.fresh.account()).id}/block`, payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/confirmation',
    request: async (c) => ({
      url: `/api/admin/users/${(await c.fresh.account({ isConfirmed: false })).id}/confirmation`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/admins',
    request: async (c) => ({ url: '/api/admin/admins', payload: { email: (await c.fresh.account()).email } }),
    clientFields: ['email'],
  },
];
