import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { registerAuthentication } from '../../plugins/auth.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { emailLinkRoutes } from './email-links.routes.js';

/** Sign-up, sign-in, sessions and the mailed links; authenticates every request that needs it. */
export async function authFeature(app: FastifyInstance, core: AppCore): Promise<AuthService> {
  const { db, clock, mailer, throttle, realtime, config, log } = core;
  const auth = new AuthService({
    database: core.database,
    db,
    clock,
    mailer,
    throttle,
    realtime,
    secretKey: config.secretKey,
    appUrl: config.appUrl,
    log,
  });
  registerAuthentication(app, auth);
  await app.register(authRoutes, { auth });
  await app.register(emailLinkRoutes, { auth });
  return auth;
}
