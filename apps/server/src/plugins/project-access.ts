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
 *   /api/project_invitations/:id, on the invitation's project; under /api/boards/:id, /api/tasks/:id
 *   and the other resource paths, on the project the resource belongs to);
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

/** Kinds of resources whose `:id` in a path belongs to one project (docs/api-boards.md). */
export type ResourceKind =
  'board' | 'column' | 'task' | 'label' | 'milestone' | 'hour' | 'comment' | 'checklist_item' | 'attachment';

/** Routes whose `:id` names a project, an invitation or a resource of a project: each declares a policy. */
const PROJECT_SCOPED = /^\/api\/projects\/:id(\/|$)/;
const INVITATION_SCOPED = /^\/api\/project_invitations\/:id(\/|$)/;
const RESOURCE_SCOPED: readonly (readonly [RegExp, ResourceKind])[] = [
  [/^\/api\/boards\/:id(\/|$)/, 'board'],
  [/^\/api\/columns\/:id(\/|$)/, 'column'],
  [/^\/api\/tasks\/:id(\/|$)/, 'task'],
  [/^\/api\/labels\/:id(\/|$)/, 'label'],
  [/^\/api\/milestones\/:id(\/|$)/, 'milestone'],
  [/^\/api\/hours\/:id(\/|$)/, 'hour'],
  [/^\/api\/comments\/:id(\/|$)/, 'comment'],
  [/^\/api\/checklist\/:id(\/|$)/, 'checklist_item'],
  [/^\/api\/attachments\/:id(\/|$)/, 'attachment'],
];

function resourceKindOf(url: string): ResourceKind | undefined {
  return RESOURCE_SCOPED.find(([pattern]) => pattern.test(url))?.[1];
}

export function isProjectScoped(url: string): boolean {
  return PROJECT_SCOPED.test(url) || INVITATION_SCOPED.test(url) || resourceKindOf(url) !== undefined;
}

/** One query each: the project a resource belongs to, or undefined when there is no such resource. */
export type ProjectResolvers = Record<ResourceKind, (id: number) => Promise<number | undefined>>;

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
  /** For /api/boards/:id, /api/tasks/:id… routes: the project of the resource. */
  projectOf: ProjectResolvers;
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
    const kind = resourceKindOf(url);
    // A resource that does not exist and one of a project the caller may not see answer the same 404.
    const projectId = kind ? await deps.projectOf[kind](id) : id;
    if (projectId === undefined) throw new AppError('NOT_FOUND');
    request.projectAccess = await deps.authorizeProject(user, projectId, policy, options);
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
