import type { ErrorCode } from '@teamboard/contract';
import type { UserRow } from '../users/users.js';

/**
 * Policies a resource kind defines beyond docs/product.md's project permissions (e.g. 'invitation.invitee').
 * A feature adds its own by augmenting this interface from its folder:
 * `declare module '../../access/resources.js' { interface ResourcePolicies { 'invitation.invitee': true } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by features
export interface ResourcePolicies {}
export type ResourcePolicy = keyof ResourcePolicies & string;

/** A kind's own policy: the row for the caller, or it throws (404, 403…). */
export type PolicyCheck = (user: UserRow, id: number) => Promise<unknown>;

/** Where a resource was found: its project, and the row when the routes want it (`resourceOf`). */
export interface LocatedResource {
  projectId: number;
  row?: unknown;
  /** The project was remembered, not read (remembered-projects.ts): a refusal is checked again. */
  isRemembered?: boolean;
}

/**
 * A kind of resource whose `:id` in a path belongs to one project (a task, a comment, an
 * invitation…). The feature that owns it registers it once; every route under `path` then declares a
 * project permission, checked on the resource's project before the handler runs.
 */
export interface ProjectResource {
  kind: string;
  /** '/api/comments/:id': this path and every path below it name a resource of this kind. */
  path: `/api/${string}/:id`;
  /**
   * The resource's project (one query, or none when remembered), or undefined when there is no such
   * resource. `fresh`: read it, whatever is remembered.
   */
  locate(id: number, options?: { fresh?: boolean }): Promise<LocatedResource | undefined>;
  /** The answer when it is missing or its project is hidden from the caller (default NOT_FOUND). */
  notFound?: ErrorCode;
  /** The kind's own policies: each returns the row for the caller, or throws. */
  policies?: Partial<Record<ResourcePolicy, PolicyCheck>>;
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(/|$)`);
}

/** The resource kinds of one app, filled by the features as they register. */
export class ResourceRegistry {
  private readonly resources: { resource: ProjectResource; pattern: RegExp }[] = [];
  private readonly byUrl = new Map<string, ProjectResource | null>();

  register(resource: ProjectResource): void {
    const clash = this.resources.find((entry) => entry.resource.kind === resource.kind);
    if (clash) throw new Error(`resource kind '${resource.kind}' is registered twice`);
    this.resources.push({ resource, pattern: pathPattern(resource.path) });
    this.byUrl.clear();
  }

  /** The resource a route path is scoped to (`/api/comments/:id/...` → comment), remembered per path. */
  of(url: string): ProjectResource | undefined {
    let found = this.byUrl.get(url);
    if (found === undefined) {
      found = this.resources.find(({ pattern }) => pattern.test(url))?.resource ?? null;
      this.byUrl.set(url, found);
    }
    return found ?? undefined;
  }

  /** Which resource kind defines `policy`, if any does. */
  definingPolicy(policy: string): ProjectResource | undefined {
    return this.resources.find(({ resource }) => resource.policies?.[policy as ResourcePolicy])?.resource;
  }

  kinds(): string[] {
    return this.resources.map(({ resource }) => resource.kind);
  }
}
