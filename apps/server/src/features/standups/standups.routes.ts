import {
  StandupAnalysisQuerySchema,
  StandupAnalysisResponseSchema,
  StandupInputSchema,
  StandupListResponseSchema,
  StandupResponseSchema,
  StandupsQuerySchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessedResourceOf, onId, projectAccessOf } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { StandupListRow } from './standups.repository.js';
import type { StandupsService } from './standups.service.js';

const tags = ['standups'];

/** Stand-up reports (docs/api-standups.md). */
export const standupRoutes: FastifyPluginAsyncZod<{ standups: StandupsService }> = async (
  app,
  { standups },
) => {
  const standupOf = (request: Parameters<typeof accessedResourceOf>[0]) =>
    accessedResourceOf<StandupListRow>(request);

  app.get(
    '/api/projects/:id/standups',
    onId('project.view', {
      tags,
      summary: "The project's stand-ups over a range (default: the last 7 days), and who is missing today",
      querystring: StandupsQuerySchema,
      response: { 200: StandupListResponseSchema },
    }),
    async (request) => ({
      data: await standups.list(signedIn(request).user, projectAccessOf(request), request.query),
    }),
  );

  app.post(
    '/api/projects/:id/standups',
    onId('work.report_own', {
      tags,
      summary: "Submit the caller's stand-up for today (one per day)",
      body: StandupInputSchema,
      response: { 201: StandupResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({
        data: await standups.create(signedIn(request).user, projectAccessOf(request), request.body),
      }),
  );

  app.get(
    '/api/projects/:id/standups/analysis',
    onId('project.view', {
      tags,
      summary: 'Hours, stress, feeling, blocking, missing stand-ups and text signals over a range',
      querystring: StandupAnalysisQuerySchema,
      response: { 200: StandupAnalysisResponseSchema },
    }),
    async (request) => ({
      data: await standups.analysis(signedIn(request).user, projectAccessOf(request), request.query),
    }),
  );

  app.get(
    '/api/standups/:id',
    onId('project.view', { tags, summary: 'One stand-up', response: { 200: StandupResponseSchema } }),
    async (request) => ({
      data: await standups.read(signedIn(request).user, projectAccessOf(request), standupOf(request)),
    }),
  );

  app.put(
    '/api/standups/:id',
    onId('work.report_own', {
      tags,
      summary: 'Edit own stand-up, on its day only',
      body: StandupInputSchema,
      response: { 200: StandupResponseSchema },
    }),
    async (request) => ({
      data: await standups.update(
        signedIn(request).user,
        projectAccessOf(request),
        standupOf(request),
        request.body,
      ),
    }),
  );
};
