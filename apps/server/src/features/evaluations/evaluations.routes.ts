import {
  EvaluationDeadlineInputSchema,
  EvaluationInputSchema,
  EvaluationListResponseSchema,
  EvaluationResponseSchema,
  PendingEvaluationsResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessedResourceOf, onId, projectAccessOf, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { EvaluationRow } from './evaluations.table.js';
import type { EvaluationsService } from './evaluations.service.js';

export const tags = ['evaluations'];
export const evaluationOf = (request: Parameters<typeof accessedResourceOf>[0]) =>
  accessedResourceOf<EvaluationRow>(request);

/** Evaluations: the list, a draft's writing and the owners' actions (docs/api-evaluations.md). */
export const evaluationRoutes: FastifyPluginAsyncZod<{ evaluations: EvaluationsService }> = async (
  app,
  { evaluations },
) => {
  app.get(
    '/api/projects/:id/evaluations',
    onId('project.view', {
      tags,
      summary:
        "The project's evaluations: owners all of them, others the sent ones they were asked to answer",
      response: { 200: EvaluationListResponseSchema },
    }),
    async (request) => ({ data: await evaluations.list(signedIn(request).user, projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/evaluations',
    onId('evaluations.manage', {
      tags,
      summary: 'Create an evaluation (a draft)',
      body: EvaluationInputSchema,
      response: { 201: EvaluationResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({
        data: await evaluations.create(signedIn(request).user, projectAccessOf(request), request.body),
      }),
  );

  app.get(
    '/api/me/evaluations',
    signedInRoute('signed_in', {
      tags,
      summary: 'Active evaluations sent to the caller, in every project, not yet submitted (the bell)',
      response: { 200: PendingEvaluationsResponseSchema },
    }),
    async (request) => ({ data: await evaluations.pending(signedIn(request).user) }),
  );

  app.get(
    '/api/evaluations/:id',
    onId('project.view', { tags, summary: 'One evaluation', response: { 200: EvaluationResponseSchema } }),
    async (request) => ({
      data: await evaluations.read(signedIn(request).user, projectAccessOf(request), evaluationOf(request)),
    }),
  );

  app.put(
    '/api/evaluations/:id',
    onId('evaluations.manage', {
      tags,
      summary: 'Edit a draft evaluation, whole',
      body: EvaluationInputSchema,
      response: { 200: EvaluationResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.update(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/evaluations/:id',
    onId('evaluations.manage', { tags, summary: 'Delete a draft evaluation' }),
    async (request, reply) => {
      await evaluations.remove(evaluationOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/evaluations/:id/send',
    onId('evaluations.manage', {
      tags,
      summary: 'Send a draft to its members (irreversible): mail and bell',
      response: { 200: EvaluationResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.send(signedIn(request).user, projectAccessOf(request), evaluationOf(request)),
    }),
  );

  app.put(
    '/api/evaluations/:id/deadline',
    onId('evaluations.manage', {
      tags,
      summary: "Move a sent evaluation's deadline (not before its initial date); reopens a closed one",
      body: EvaluationDeadlineInputSchema,
      response: { 200: EvaluationResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.setDeadline(
        signedIn(request).user,
        projectAccessOf(request),
        evaluationOf(request),
        request.body,
      ),
    }),
  );

  app.post(
    '/api/evaluations/:id/close',
    onId('evaluations.manage', {
      tags,
      summary: 'End a sent evaluation now',
      response: { 200: EvaluationResponseSchema },
    }),
    async (request) => ({
      data: await evaluations.close(signedIn(request).user, projectAccessOf(request), evaluationOf(request)),
    }),
  );
};
