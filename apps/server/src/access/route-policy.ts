import { PROJECT_PERMISSIONS, type ProjectPermission } from '@teamboard/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { ResourceRegistry, type ResourcePolicy } from './resources.js';

/**
 * The access policies a route can declare that do not name a project:
 * - 'public': anyone, signed in or not (sign-in, sign-up, password reset, health, config…);
 * - 'signed_link': anyone holding the link, whose unguessable key or signature is the credential
 *   (profile photos, attachment downloads);
 * - 'signed_in': any signed-in, unblocked user, acting on their own resources only (folders,
 *   profile, projects list/create, invitations received); the service scopes every query to them;
 * - 'admin': a signed-in administrator (docs/product.md: admins approve lessons, manage users…);
 *   anyone else signed in gets 403;
 * - 'staff': a signed-in teacher or administrator (knowledge forms); anyone else signed in gets 403.
 */
export const ACCOUNT_POLICIES = ['public', 'signed_link', 'signed_in', 'admin', 'staff'] as const;
export type AccountPolicy = (typeof ACCOUNT_POLICIES)[number];

/**
 * The one policy every /api route declares in its options: `config: { permission: 'members.manage' }`.
 * - an AccountPolicy (above), for routes that do not act on a project;
 * - a ProjectPermission of docs/product.md's matrix, checked on the project named by `:id` under
 *   /api/projects/:id, or on the project of the resource named by `:id` under a registered resource
 *   path (/api/tasks/:id, /api/project_invitations/:id…; access/resources.ts) — access/access-hook.ts;
 * - a ResourcePolicy a resource kind defines itself (e.g. 'invitation.invitee'), on that kind's paths.
 * Every policy but 'public' and 'signed_link' implies authentication (401 otherwise).
 */
export type RoutePolicy = AccountPolicy | ProjectPermission | ResourcePolicy;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePolicy;
    /** With a ProjectPermission: the route acts on the caller's own membership (read-only viewers refused). */
    requireMembership?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declared policy (tests compare it with their table). */
    routePolicies: RegisteredRoute[];
    /** The resource kinds whose `:id` belongs to a project; each feature registers its own. */
    projectResources: ResourceRegistry;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePolicy | undefined;
  requireMembership: boolean;
}

export function isAccountPolicy(policy: RoutePolicy): policy is AccountPolicy {
  return (ACCOUNT_POLICIES as readonly string[]).includes(policy);
}

export function requiresSignIn(policy: RoutePolicy | undefined): boolean {
  return policy !== undefined && policy !== 'public' && policy !== 'signed_link';
}

export function isProjectPermission(policy: RoutePolicy): policy is ProjectPermission {
  return Object.hasOwn(PROJECT_PERMISSIONS, policy);
}

/** Routes whose `:id` names a project; resource paths come from the registry. */
const PROJECT_SCOPED = /^\/api\/projects\/:id(\/|$)/;

export function isProjectScoped(url: string, resources: ResourceRegistry): boolean {
  return PROJECT_SCOPED.test(url) || resources.of(url) !== undefined;
}

/**
 * Routes whose policy does not fit their path: a project-scoped path needs a project permission (or
 * a policy its resource kind defines), any other path an account policy.
 */
export function misplacedPolicies(
  routes: readonly RegisteredRoute[],
  resources: ResourceRegistry,
): RegisteredRoute[] {
  return routes.filter(({ url, permission }) => {
    if (!permission) return false;
    if (!isProjectScoped(url, resources)) return !isAccountPolicy(permission);
    if (isProjectPermission(permission)) return false;
    return !resources.of(url)?.policies?.[permission as ResourcePolicy];
  });
}

/**
 * /api routes exempt from declaring a policy, by name: the OpenAPI reference (@fastify/swagger-ui
 * registers them itself; the API description is public). Everything else under /api declares one.
 */
const EXEMPT = [/^\/api\/docs(\/|$)/];

export function needsPolicy(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !EXEMPT.some((pattern) => pattern.test(url));
}

/**
 * Records every route's policy, authenticates the caller of every route whose policy needs it
 * (before body validation, so an unauthenticated call gets 401 rather than 422), and refuses to
 * start (at ready) when an /api route — HEAD included — declares none, or one that does not fit its
 * path (misplacedPolicies). Register it before any route, the OpenAPI ones included; the project
 * permissions themselves are enforced by access/access-hook.ts.
 */
export function registerRoutePolicies(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  const resources = new ResourceRegistry();
  app.decorate('routePolicies', routes);
  app.decorate('projectResources', resources);

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
    const undeclared = routes.filter((route) => needsPolicy(route.url) && !route.permission);
    const problems = [...undeclared, ...misplacedPolicies(routes, resources)];
    if (problems.length > 0) {
      const list = problems.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Every /api route needs exactly one fitting policy (config.permission): ${list}`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!requiresSignIn(request.routeOptions.config.permission)) return;
    // app.authenticate is decorated later (plugins/auth.ts), so it is looked up per request.
    await app.authenticate.call(app, request, reply);
    if (request.routeOptions.config.permission === 'admin' && request.user?.account_type !== 'admin') {
      throw new AppError('FORBIDDEN');
    }
    if (
      request.routeOptions.config.permission === 'staff' &&
      request.user?.account_type !== 'teacher' &&
      request.user?.account_type !== 'admin'
    ) {
      throw new AppError('FORBIDDEN');
    }
  });
}
