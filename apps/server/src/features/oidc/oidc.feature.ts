import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { OidcClient } from './oidc-client.js';
import { oidcRoutes } from './oidc.routes.js';
import { OidcService, type VerifiedSignIn } from './oidc.service.js';

/** Sign-in with OpenID Connect (docs/api-oidc.md); off (404) without OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. */
export async function oidcFeature(app: FastifyInstance, core: AppCore, auth: VerifiedSignIn): Promise<void> {
  const { config, db, clock } = core;
  const settings = config.oidc;
  const oidc = settings
    ? new OidcService({
        db,
        clock,
        auth,
        secretKey: config.secretKey,
        client: new OidcClient(settings, `${config.appUrl}/api/auth/oidc/callback`),
      })
    : null;
  await app.register(oidcRoutes, { oidc, appUrl: config.appUrl, throttle: core.throttle });
}
