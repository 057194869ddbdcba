import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { AdminUsersService, type AccountSessions } from './admin-users.service.js';

/** Dashboard Users, Admins and Audit tabs (docs/api-admin-users.md). No `:id` is a project resource. */
export async function adminUsersFeature(
  app: FastifyInstance,
  core: AppCore,
  auth: AccountSessions,
): Promise<void> {
  const { database, db, clock } = core;
  await app.register(adminUsersRoutes, {
    admin: new AdminUsersService({ database, db, clock, sessions: auth }),
  });
}
