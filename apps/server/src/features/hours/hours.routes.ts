import {
  CreateHourInputSchema,
  HourListResponseSchema,
  HourResponseSchema,
  UpdateHourInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { signedIn } from '../../plugins/auth.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { HoursService } from './hours.service.js';

const tags = ['hours'];

export const hourRoutes: FastifyPluginAsyncZod<{ hours: HoursService }> = async (app, { hours }) => {
  const report = { config: { permission: 'work.report_own' as const } };

  app.get(
    '/api/tasks/:id/hours',
    {
      schema: {
        tags,
        summary: 'Hours reported on a task',
        security,
        params,
        response: { 200: HourListResponseSchema },
      },
      config: { permission: 'project.view' },
    },
    async (request) => ({ data: await hours.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/hours',
    {
      schema: {
        tags,
        summary: 'Report own hours (total_hours updates)',
        security,
        params,
        body: CreateHourInputSchema,
        response: { 201: HourResponseSchema },
      },
      ...report,
    },
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
    {
      schema: {
        tags,
        summary: "Edit an hour entry (own, or anyone's with work.moderate)",
        security,
        params,
        body: UpdateHourInputSchema,
        response: { 200: HourResponseSchema },
      },
      ...report,
    },
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
    {
      schema: {
        tags,
        summary: "Delete an hour entry (own, or anyone's with work.moderate)",
        security,
        params,
      },
      ...report,
    },
    async (request, reply) => {
      await hours.remove(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
