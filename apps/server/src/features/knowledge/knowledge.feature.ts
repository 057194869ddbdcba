import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import { KnowledgeService } from './knowledge.service.js';

/** Knowledge forms (docs/api-knowledge-forms.md). Not project resources: no `:id` is registered. */
export async function knowledgeFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock } = core;
  await app.register(knowledgeRoutes, { knowledge: new KnowledgeService({ db, clock }) });
}
