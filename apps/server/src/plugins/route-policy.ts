import type { ProjectPermission } from '@teamboard/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The access policies a route can declare that do not name a project:
 * - 'public': anyone, signed in or not (sign-in, sign-up, password reset, health, config…);
 * - 'signed_link': anyone holding the link, whose unguessable key or signature is the credential
 *   (profile photos, attachment downloads);
 * - 'signed_in': any signed-in, unblocked user, acting on their own resources only (folders,
 *   profile, projects list/create, invitations received); the service scopes every query to them.
 */
export const ACCOUNT_POLICIES = ['public', 'signed_link', 'signed_in'] as const;
export type AccountPolicy = (typeof ACCOUNT_POLICIES)[number];

/**
 * The one policy every /api route declares in its options: `config: { permission: 'members.manage' }`.
 * - an AccountPolicy (above), for routes that do not act on a project;
 * - a ProjectPermission of PRODUCT.md's matrix, checked on the project named by `:id` (or, under
 *   /api/project_invitations/:id, on the invitation's project; under /api/boards/:id, /api/tasks/:id
 *   and the other resource paths, on the project the resource belongs to) — plugins/project-access.ts;
 * - 'invitation.invitee': the caller must be the invitee of the invitation `:id`.
 * Every policy but 'public' and 'signed_link' implies authentication (401 otherwise).
 */
export type RoutePolicy = AccountPolicy | ProjectPermission | 'invitation.invitee';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePolicy;
    /** With a ProjectPermission: the route acts on the caller's own membership (read-only viewers refused). */
    requireMembership?: boolean;
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

export function isAccountPolicy(policy: RoutePolicy): policy is AccountPolicy {
  return (ACCOUNT_POLICIES as readonly string[]).includes(policy);
}

export function requiresSignIn(policy: RoutePolicy | undefined): boolean {
  return policy !== undefined && policy !== 'public' && policy !== 'signed_link';
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

export function resourceKindOf(url: string): ResourceKind | undefined {
  return RESOURCE_SCOPED.find(([pattern]) => pattern.test(url))?.[1];
}

export function isInvitationScoped(url: string): boolean {
  return INVITATION_SCOPED.test(url);
}

export function isProjectScoped(url: string): boolean {
  return PROJECT_SCOPED.test(url) || INVITATION_SCOPED.test(url) || resourceKindOf(url) !== undefined;
}

/**
 * Routes whose policy does not fit their path: a project-scoped path needs a project permission
 * (or 'invitation.invitee' under /api/project_invitations/:id), any other path an account policy.
 */
export function misplacedPolicies(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return routes.filter(({ url, permission }) => {
    if (!permission) return false;
    if (!isProjectScoped(url)) return !isAccountPolicy(permission);
    if (permission === 'invitation.invitee') return !isInvitationScoped(url);
    return isAccountPolicy(permission);
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
 * permissions themselves are enforced by plugins/project-access.ts.
 */
export function registerRoutePolicies(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routePolicies', routes);

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
    const problems = [...undeclared, ...misplacedPolicies(routes)];
    if (problems.length > 0) {
      const list = problems.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Every /api route needs exactly one fitting policy (config.permission): ${list}`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!requiresSignIn(request.routeOptions.config.permission)) return;
    // app.authenticate is decorated later (plugins/auth.ts), so it is looked up per request.
    await app.authenticate.call(app, request, reply);
  });
}
