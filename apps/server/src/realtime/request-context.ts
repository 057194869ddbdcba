import type { FastifyInstance } from 'fastify';
import { SOCKET_ID_HEADER } from '@teamboard/contract';
import { AsyncLocalStorage } from 'node:async_hooks';

const SOCKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

interface RequestContext {
  /** The socket that sent the request (SOCKET_ID_HEADER), if any. */
  origin: string | null;
  /** The signed-in user, once authentication has run. */
  actorId: number | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Every request runs inside a context naming who sent it and from which socket, so an event can
 * carry `actor_id` and `origin` without every service signature passing them along. Code outside a
 * request (the CLI, a data generator) publishes with both null.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[SOCKET_ID_HEADER];
    const origin = typeof header === 'string' && SOCKET_ID_PATTERN.test(header) ? header : null;
    storage.run({ origin, actorId: null }, done);
  });
}

/** Called by authentication once it knows the user. */
export function setRequestActor(userId: number): void {
  const context = storage.getStore();
  if (context) context.actorId = userId;
}

export function currentRequestContext(): RequestContext {
  return storage.getStore() ?? { origin: null, actorId: null };
}
