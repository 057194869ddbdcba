import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { TermsService } from './terms.service.js';

/**
 * The only authenticated calls a person who has not accepted the current terms may make: who they
 * are, the terms standing and acceptance, and signing out (the current text itself is public).
 */
export const TERMS_GATE_ALLOWED = new Set([
  'GET /api/auth/validate_token',
  'HEAD /api/auth/validate_token',
  'DELETE /api/auth/sign_out',
  'GET /api/terms/acceptance',
  'HEAD /api/terms/acceptance',
  'POST /api/terms/acceptance',
]);

/**
 * Refuses every other authenticated call with 403 TERMS_ACCEPTANCE_REQUIRED while the caller's
 * accepted version is older than the current one — whichever way the session was made (password,
 * OIDC). Register it after the route policies (which authenticate) and before any route.
 */
export function registerTermsGate(app: FastifyInstance, terms: TermsService): void {
  app.addHook('onRequest', async (request) => {
    const user = request.user;
    if (!user) return;
    if (TERMS_GATE_ALLOWED.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    if (await terms.isAcceptanceRequired(user)) throw new AppError('TERMS_ACCEPTANCE_REQUIRED');
  });
}
