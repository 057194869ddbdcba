import type { FastifyInstance } from 'fastify';
import { SOCKET_ID_HEADER } from '@teamboard/contract';
import { AsyncLocalStorage } from 'node:async_hooks';
import { provenSocketId } from './socket-proof.js';

interface RequestContext {
  /** The socket that sent the request, once SOCKET_ID_HEADER is proven to be the caller's own. */
  origin: string | null;
  /** The signed-in user, once authentication has run. */
  actorId: number | null;
}

interface StoredContext extends RequestContext {
  /** SOCKET_ID_HEADER as sent; trusted only after it is checked against the caller's session. */
  claimedOrigin: string | null;
  secretKey: string;
}

const storage = new AsyncLocalStorage<StoredContext>();

/**
 * Every request runs inside a context naming who sent it and from which socket, so an event can
 * carry `actor_id` and `origin` without every service signature passing them along. Code outside a
 * request (the CLI, a data generator) publishes with both null.
 */
export function registerRequestContext(app: FastifyInstance, secretKey: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[SOCKET_ID_HEADER];
    const claimedOrigin = typeof header === 'string' ? header : null;
    storage.run({ origin: null, actorId: null, claimedOrigin, secretKey }, done);
  });
}

/** Called by authentication once it knows the user and the session (socket-proof.ts says why). */
export function setRequestActor(userId: number, sessionId: number): void {
  const context = storage.getStore();
  if (!context) return;
  context.actorId = userId;
  context.origin = provenSocketId(context.secretKey, sessionId, context.claimedOrigin);
}

export function currentRequestContext(): RequestContext {
  const context = storage.getStore();
  return context ? { origin: context.origin, actorId: context.actorId } : { origin: null, actorId: null };
}
