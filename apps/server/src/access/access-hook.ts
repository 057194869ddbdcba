import type { ProjectPermission } from '@teamboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/app-database.js';
import { AppError } from '../lib/app-error.js';
import { parseId } from '../lib/ids.js';
import type { UserRow } from '../users/users.js';
import { authorizeProject, type ProjectAccess } from './project-access.js';
import type { PolicyCheck, ProjectResource, ResourcePolicy } from './resources.js';
import { isAccountPolicy, isProjectPermission } from './route-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check on project-scoped routes. */
    projectAccess: ProjectAccess | null;
    /** Set by the access check on resource routes whose kind hands over its row (an invitation). */
    accessedResource: unknown;
  }
}

/**
 * The one place that enforces project policies (access/route-policy.ts records every route's
 * policy and authenticates). It runs before body validation (preValidation), so a caller who may
 * not see a project learns nothing about it from validation errors either.
 */
export function registerProjectAccess(app: FastifyInstance, database: AppDatabase): void {
  app.decorateRequest('projectAccess', null);
  app.decorateRequest('accessedResource', null);

  app.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.permission;
    if (!policy || isAccountPolicy(policy)) return;
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED');
    const id = parseId((request.params as Record<string, unknown> | undefined)?.id);
    if (id === undefined) throw new AppError('NOT_FOUND');
    const resource = app.projectResources.of(request.routeOptions.url ?? '');
    if (!isProjectPermission(policy)) {
      const check = resource?.policies?.[policy as ResourcePolicy] as PolicyCheck | undefined;
      if (!check) throw new Error(`${request.routeOptions.url}: policy ${policy} has no check here`);
      request.accessedResource = await check(user, id);
      return;
    }
    const options = { requireMembership: request.routeOptions.config.requireMembership === true };
    if (!resource) {
      request.projectAccess = await authorizeProject(database, user, id, policy, options);
      return;
    }
    await authorizeResource(request, database, user, { resource, id, policy, options });
  });
}

async function authorizeResource(
  request: FastifyRequest,
  database: AppDatabase,
  user: UserRow,
  target: {
    resource: ProjectResource;
    id: number;
    policy: ProjectPermission;
    options: { requireMembership: boolean };
  },
): Promise<void> {
  const { resource, id, policy, options } = target;
  const notFound = resource.notFound ?? 'NOT_FOUND';
  // A resource that does not exist and one of a project the caller may not see answer the same.
  const located = await resource.locate(id);
  if (!located) throw new AppError(notFound);
  try {
    request.projectAccess = await authorizeProject(database, user, located.projectId, policy, options);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A remembered project may outlive its resource (deleted since): gone answers 404, as unremembered.
    const isGone =
      located.isRemembered && error.code === 'FORBIDDEN' && !(await resource.locate(id, { fresh: true }));
    throw error.code === 'NOT_FOUND' || isGone ? new AppError(notFound) : error;
  }
  request.accessedResource = located.row ?? null;
}

/** For handlers of routes that declare a project permission. */
export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error('route is missing config.permission');
  return request.projectAccess;
}

/**
 * For handlers of resource routes whose kind hands over its row (`locate` returning `row`, or one of
 * its own policies): the row, typed by the owning feature.
 */
export function accessedResourceOf<Row>(request: FastifyRequest): Row {
  if (request.accessedResource === null) throw new Error('route is missing config.permission');
  return request.accessedResource as Row;
}
