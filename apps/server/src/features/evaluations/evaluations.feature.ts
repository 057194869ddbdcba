import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { evaluationAnswerRoutes } from './evaluation-answers.routes.js';
import { evaluationRoutes } from './evaluations.routes.js';
import { EvaluationsService } from './evaluations.service.js';

/** Evaluations (docs/api-evaluations.md). */
export async function evaluationsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, mailer, realtime, log, config } = core;
  const evaluations = new EvaluationsService({ db, clock, mailer, realtime, log, appUrl: config.appUrl });
  app.projectResources.register({
    kind: 'evaluation',
    path: '/api/evaluations/:id',
    async locate(id) {
      const row = await evaluations.find(id);
      return row && { projectId: row.project_id, row };
    },
  });
  await app.register(evaluationRoutes, { evaluations });
  await app.register(evaluationAnswerRoutes, { evaluations });
}
