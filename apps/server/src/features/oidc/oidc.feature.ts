import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import type { OidcSettings } from './oidc-client.js';
import { oidcRoutes } from './oidc.routes.js';
import { OidcService, type VerifiedSignIn } from './oidc.service.js';

/** Sign-in with OpenID Connect (docs/api-oidc.md); off (404) without OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. */
export async function oidcFeature(app: FastifyInstance, core: AppCore, auth: VerifiedSignIn): Promise<void> {
  const settings = core.config.oidc;
  const oidc = settings ? await oidcService(core, auth, settings) : null;
  await app.register(oidcRoutes, { oidc, appUrl: core.config.appUrl, throttle: core.throttle });
}

/** openid-client (with jose, ~0.5 MB of heap) is loaded only when OIDC is configured. */
async function oidcService(
  core: AppCore,
  auth: VerifiedSignIn,
  settings: OidcSettings,
): Promise<OidcService> {
  const { OidcClient } = await import('./oidc-client.js');
  const { config, db, clock } = core;
  return new OidcService({
    db,
    clock,
    auth,
    secretKey: config.secretKey,
    client: new OidcClient(settings, `${config.appUrl}/api/auth/oidc/callback`),
  });
}
