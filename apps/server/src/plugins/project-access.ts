import type { ProjectPermission } from '@teamboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { parseId } from '../lib/ids.js';
import type { UserRow } from '../features/auth/auth.service.js';
import type { ProjectAccess, AuthorizeOptions } from '../features/projects/projects.service.js';
import type { InvitationRow } from '../features/invitations/invitations.service.js';
import { isAccountPolicy, isInvitationScoped, resourceKindOf, type ResourceKind } from './route-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check on project-scoped routes. */
    projectAccess: ProjectAccess | null;
    /** Set by the access check on /api/project_invitations/:id routes. */
    invitation: InvitationRow | null;
  }
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
 * The one place that enforces project policies (plugins/route-policy.ts records every route's
 * policy and authenticates). It runs before body validation (preValidation), so a caller who may
 * not see a project learns nothing about it from validation errors either.
 */
export function registerProjectAccess(app: FastifyInstance, deps: AccessDeps): void {
  app.decorateRequest('projectAccess', null);
  app.decorateRequest('invitation', null);

  app.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.permission;
    if (!policy || isAccountPolicy(policy)) return;
    await enforce(request, policy, deps);
  });
}

async function enforce(
  request: FastifyRequest,
  policy: ProjectPermission | 'invitation.invitee',
  deps: AccessDeps,
): Promise<void> {
  const user = request.user;
  if (!user) throw new AppError('UNAUTHORIZED');
  const url = request.routeOptions.url ?? '';
  const id = parseId((request.params as Record<string, unknown> | undefined)?.id);
  if (id === undefined) throw new AppError('NOT_FOUND');
  const options = { requireMembership: request.routeOptions.config.requireMembership === true };

  if (!isInvitationScoped(url)) {
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
