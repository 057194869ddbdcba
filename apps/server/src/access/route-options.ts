import type { FastifySchema } from 'fastify';
import { idParams, security } from '../lib/routes.js';
import type { RoutePolicy } from './route-policy.js';

type Described = Omit<FastifySchema, 'params' | 'security'> & { tags: string[]; summary: string };

/**
 * The options of a route that acts on the project or resource named by `:id`: its policy, its
 * documentation and the id check of the path, so each route states only what is its own.
 */
export function onId<const S extends Described>(permission: RoutePolicy, schema: S) {
  return { schema: { ...schema, security, params: idParams }, config: { permission } };
}

/** The options of a signed-in route without `:id` (or with other path parameters in `schema`). */
export function signedInRoute<const S extends Described>(permission: RoutePolicy, schema: S) {
  return { schema: { ...schema, security }, config: { permission } };
}
