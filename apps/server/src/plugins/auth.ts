import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UserRow } from '../users/users.js';
import { setRequestActor } from '../realtime/request-context.js';

/** A signed-in device (the auth feature's session row). */
export interface SessionRecord {
  id: number;
  user_id: number;
  client: string;
}

/** What authenticating a request needs: the auth feature's token check (it throws 401). */
export interface Authenticator {
  authenticate(credentials: {
    'access-token': string | undefined;
    client: string | undefined;
    uid: string | undefined;
  }): Promise<{ user: UserRow; session: SessionRecord }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` on routes that require it. */
    user: UserRow | null;
    session: SessionRecord | null;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 UNAUTHORIZED unless the token headers are valid. */
    authenticate: onRequestAsyncHookHandler;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Runs before body validation, so an unauthenticated call gets 401 rather than 422. */
export function registerAuthentication(app: FastifyInstance, auth: Authenticator): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const { user, session } = await auth.authenticate({
      'access-token': header(request, 'access-token'),
      client: header(request, 'client'),
      uid: header(request, 'uid'),
    });
    request.user = user;
    request.session = session;
    setRequestActor(user.id, session.id);
  } as onRequestAsyncHookHandler);
}

/** For handlers behind `app.authenticate`. */
export function signedIn(request: FastifyRequest): { user: UserRow; session: SessionRecord } {
  if (!request.user || !request.session) throw new Error('route is missing onRequest: app.authenticate');
  return { user: request.user, session: request.session };
}
