import {
  EvaluationAnswersInputSchema,
  EvaluationEvidenceResponseSchema,
  EvaluationResultsResponseSchema,
  MyEvaluationAnswersResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import { evaluationOf, tags } from './evaluations.routes.js';
import type { EvaluationsService } from './evaluations.service.js';

/** Answering an evaluation, the facts beside the ratings, and its results (docs/api-evaluations.md). */
export const evaluationAnswerRoutes: FastifyPluginAsyncZod<{ evaluations: EvaluationsService }> = async (
  app,
  { evaluations },
) => {
  app.get(
    '/api/evaluations/:id/answers',
    onId('evaluations.answer', {
      tags,
      summary: "The caller's own answers and whom they rate",
      response: { 200: MyEvaluationAnswersResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.myAnswers(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
      ),
    }),
  );

  app.put(
    '/api/evaluations/:id/answers',
    onId('evaluations.answer', {
      tags,
      summary: "Save the caller's answers (a draft, or submitted) while the evaluation is active",
      body: EvaluationAnswersInputSchema,
      response: { 200: MyEvaluationAnswersResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.saveAnswers(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
        request.body,
      ),
    }),
  );

  app.get(
    '/api/evaluations/:id/evidence',
    onId('project.view', {
      tags,
      summary:
        "Each rated member's facts over the evaluation's period (hours, closed tasks, commits, stand-ups); never a grade",
      response: { 200: EvaluationEvidenceResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.evidence(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
      ),
    }),
  );

  app.get(
    '/api/evaluations/:id/results',
    onId('project.view', {
      tags,
      summary: 'Averages and distributions per question and evaluated member; never who rated whom',
      response: { 200: EvaluationResultsResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.results(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
      ),
    }),
  );
};
