import {
  CreateHourInputSchema,
  HourListResponseSchema,
  HourResponseSchema,
  UpdateHourInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { onId, projectAccessOf } from '../../access/access.js';
import type { HoursService } from './hours.service.js';

const tags = ['hours'];

export const hourRoutes: FastifyPluginAsyncZod<{ hours: HoursService }> = async (app, { hours }) => {
  app.get(
    '/api/tasks/:id/hours',
    onId('project.view', {
      tags,
      summary: 'Hours reported on a task',
      response: { 200: HourListResponseSchema },
    }),
    async (request) => ({ data: await hours.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/hours',
    onId('work.report_own', {
      tags,
      summary: 'Report own hours (total_hours updates)',
      body: CreateHourInputSchema,
      response: { 201: HourResponseSchema },
    }),
    async (request, reply) => {
      const data = await hours.create(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/api/hours/:id',
    onId('work.report_own', {
      tags,
      summary: "Edit an hour entry (own, or anyone's with work.moderate)",
      body: UpdateHourInputSchema,
      response: { 200: HourResponseSchema },
    }),
    async (request) => ({
      data: await hours.update(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/hours/:id',
    onId('work.report_own', { tags, summary: "Delete an hour entry (own, or anyone's with work.moderate)" }),
    async (request, reply) => {
      await hours.remove(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
