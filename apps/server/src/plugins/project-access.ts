import type { ProjectPermission } from '@teamboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { parseId } from '../lib/ids.js';
import type { UserRow } from '../features/auth/auth.service.js';
import type { ProjectAccess, AuthorizeOptions } from '../features/projects/projects.service.js';
import type { InvitationRow } from '../features/invitations/invitations.service.js';

/**
 * The policy a route declares in its options: `config: { permission: 'members.manage' }`.
 * - a ProjectPermission of PRODUCT.md's matrix, checked on the project named by `:id` (or, under
 *   /api/project_invitations/:id, on the invitation's project);
 * - 'invitation.invitee': the caller must be the invitee of the invitation `:id`.
 */
export type RoutePolicy = ProjectPermission | 'invitation.invitee';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePolicy;
    /** With a ProjectPermission: the route acts on the caller's own membership (read-only viewers refused). */
    requireMembership?: boolean;
  }
  interface FastifyRequest {
    /** Set by the access check on project-scoped routes. */
    projectAccess: ProjectAccess | null;
    /** Set by the access check on /api/project_invitations/:id routes. */
    invitation: InvitationRow | null;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declared policy (tests compare it with their table). */
    routePolicies: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePolicy | undefined;
  requireMembership: boolean;
}

/** Routes whose `:id` names a project or an invitation: each must declare a policy. */
const PROJECT_SCOPED = /^\/api\/projects\/:id(\/|$)/;
const INVITATION_SCOPED = /^\/api\/project_invitations\/:id(\/|$)/;

export function isProjectScoped(url: string): boolean {
  return PROJECT_SCOPED.test(url) || INVITATION_SCOPED.test(url);
}

export interface AccessDeps {
  authorizeProject(
    user: UserRow,
    projectId: number,
    permission: ProjectPermission,
    options: AuthorizeOptions,
  ): Promise<ProjectAccess>;
  findInvitation(id: number): Promise<InvitationRow | undefined>;
  /** The invitation if `user` is its invitee; INVITATION_NOT_FOUND otherwise. */
  receivedInvitation(user: UserRow, id: number): Promise<InvitationRow>;
}

/**
 * The one place that enforces route policies. It runs before body validation (preValidation), so
 * a caller who may not see a project learns nothing about it from validation errors either.
 * Register it before any route: it records every route, and refuses to start (at ready) when a
 * project-scoped route declares no policy.
 */
export function registerProjectAccess(app: FastifyInstance, deps: AccessDeps): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routePolicies', routes);
  app.decorateRequest('projectAccess', null);
  app.decorateRequest('invitation', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        requireMembership: route.config?.requireMembership === true,
      });
    }
  });

  app.addHook('onReady', async () => {
    const missing = routes.filter((route) => isProjectScoped(route.url) && !route.permission);
    const misplaced = routes.filter((route) => route.permission && !isProjectScoped(route.url));
    const wrongInvitee = routes.filter(
      (route) => route.permission === 'invitation.invitee' && !INVITATION_SCOPED.test(route.url),
    );
    const problems = [...missing, ...misplaced, ...wrongInvitee];
    if (problems.length > 0) {
      const list = problems.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Project-scoped routes need exactly one declared permission: ${list}`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.permission;
    if (!policy) return;
    await enforce(request, policy, deps);
  });
}

async function enforce(request: FastifyRequest, policy: RoutePolicy, deps: AccessDeps): Promise<void> {
  const user = request.user;
  if (!user) throw new AppError('UNAUTHORIZED');
  const url = request.routeOptions.url ?? '';
  const id = parseId((request.params as Record<string, unknown> | undefined)?.id);
  if (id === undefined) throw new AppError('NOT_FOUND');
  const options = { requireMembership: request.routeOptions.config.requireMembership === true };

  if (!INVITATION_SCOPED.test(url)) {
    if (policy === 'invitation.invitee') throw new Error(`${url}: invitation.invitee on a project route`);
    request.projectAccess = await deps.authorizeProject(user, id, policy, options);
    return;
  }
  if (policy === 'invitation.invitee') {
    request.invitation = await deps.receivedInvitation(user, id);
    return;
  }
  const invitation = await deps.findInvitation(id);
  if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
  try {
    request.projectAccess = await deps.authorizeProject(user, invitation.project_id, policy, options);
  } catch (error) {
    // A project the caller may not see hides its invitations too.
    throw error instanceof AppError && error.code === 'NOT_FOUND'
      ? new AppError('INVITATION_NOT_FOUND')
      : error;
  }
  request.invitation = invitation;
}

/** For handlers of routes that declare a project permission. */
export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error('route is missing config.permission');
  return request.projectAccess;
}

/** For handlers of /api/project_invitations/:id routes. */
export function invitationOf(request: FastifyRequest): InvitationRow {
  if (!request.invitation) throw new Error('route is missing config.permission');
  return request.invitation;
}
