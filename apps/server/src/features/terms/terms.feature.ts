import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { registerTermsGate } from './terms.gate.js';
import { termsRoutes } from './terms.routes.js';
import { TermsService } from './terms.service.js';

/**
 * The terms gate, registered before the routes (root hooks reach only the routes registered after):
 * answers the service the routes then use (termsFeature).
 */
export function termsGate(
  app: FastifyInstance,
  core: Pick<AppCore, 'database' | 'db' | 'clock'>,
): TermsService {
  const terms = new TermsService({ database: core.database, db: core.db, clock: core.clock });
  registerTermsGate(app, terms);
  return terms;
}

/** Versioned terms and conditions (docs/api-terms.md). Not project resources: no `:id` is registered. */
export async function termsFeature(app: FastifyInstance, terms: TermsService): Promise<void> {
  await app.register(termsRoutes, { terms });
}
