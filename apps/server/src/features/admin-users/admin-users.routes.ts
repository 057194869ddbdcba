import {
  AdminAddInputSchema,
  AdminUserListResponseSchema,
  AdminUserPageResponseSchema,
  AdminUserResponseSchema,
  AdminUserUpdateSchema,
  AdminUsersQuerySchema,
  AuditEventPageResponseSchema,
  AuditEventsQuerySchema,
} from '@teamboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { Audit, AdminUsersService } from './admin-users.service.js';

const tags = ['admin'];

/** Each admin action's audit entries go through the request (who, IP, route), after commit. */
const auditOf =
  (request: FastifyRequest): Audit =>
  (event, details) =>
    request.audit(event, details);

/** The dashboard's Users, Admins and Audit tabs (docs/api-admin-users.md): administrators only. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ admin: AdminUsersService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/api/admin/users',
    signedInRoute('admin', {
      tags,
      summary: 'Users, newest first: search by name or email, filter by account type and course fields',
      querystring: AdminUsersQuerySchema,
      response: { 200: AdminUserPageResponseSchema },
    }),
    async (request) => admin.listUsers(request.query),
  );

  app.put(
    '/api/admin/users/:id',
    onId('admin', {
      tags,
      summary: "Change a user's account type and/or max_projects",
      body: AdminUserUpdateSchema,
      response: { 200: AdminUserResponseSchema },
    }),
    async (request) => ({
      data: await admin.update(request.params.id, request.body, auditOf(request)),
    }),
  );

  app.put(
    '/api/admin/users/:id/block',
    onId('admin', {
      tags,
      summary: 'Block a user: signed out everywhere, sockets dropped at once',
      response: { 200: AdminUserResponseSchema },
    }),
    async (request) => ({
      data: await admin.block(signedIn(request).user, request.params.id, auditOf(request)),
    }),
  );

  app.delete(
    '/api/admin/users/:id/block',
    onId('admin', { tags, summary: 'Unblock a user', response: { 200: AdminUserResponseSchema } }),
    async (request) => ({
      data: await admin.unblock(request.params.id, auditOf(request)),
    }),
  );

  app.post(
    '/api/admin/users/:id/confirmation',
    onId('admin', {
      tags,
      summary: 'Mail a new confirmation link to an unconfirmed account',
    }),
    async (request, reply) => {
      await admin.resendConfirmation(request.params.id, request.ip, auditOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/admins',
    signedInRoute('admin', {
      tags,
      summary: 'The administrators',
      response: { 200: AdminUserListResponseSchema },
    }),
    async () => ({ data: await admin.listAdmins() }),
  );

  app.post(
    '/api/admin/admins',
    signedInRoute('admin', {
      tags,
      summary: 'Make an existing account (by email) an administrator',
      body: AdminAddInputSchema,
      response: { 201: AdminUserResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await admin.addAdmin(request.body.email, auditOf(request)) }),
  );

  app.delete(
    '/api/admin/admins/:id',
    onId('admin', {
      tags,
      summary: 'Remove an administrator (oneself too, never the last one); the account becomes a user',
    }),
    async (request, reply) => {
      await admin.removeAdmin(request.params.id, auditOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/audit_events',
    signedInRoute('admin', {
      tags,
      summary: 'The audit log, newest first: by user (name or email), kind and UTC days',
      querystring: AuditEventsQuerySchema,
      response: { 200: AuditEventPageResponseSchema },
    }),
    async (request) => admin.auditEvents(request.query),
  );
};
