import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { evaluationAnswerRoutes } from './evaluation-answers.routes.js';
import {
  EVALUATION_REMINDERS_EVERY_MS,
  EVALUATION_REMINDERS_JOB,
  sendEvaluationReminders,
} from './evaluation-reminders.js';
import { evaluationRoutes } from './evaluations.routes.js';
import { EvaluationsService } from './evaluations.service.js';

/** Evaluations (docs/api-evaluations.md). */
export async function evaluationsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, mailer, realtime, log, config, jobs } = core;
  const evaluations = new EvaluationsService({ db, clock, mailer, realtime, log, appUrl: config.appUrl });
  jobs.every(EVALUATION_REMINDERS_JOB, EVALUATION_REMINDERS_EVERY_MS, async () => {
    const sent = await sendEvaluationReminders({ db, clock, mailer, appUrl: config.appUrl });
    log.info({ job: EVALUATION_REMINDERS_JOB, sent }, 'evaluation reminders queued');
  });
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
