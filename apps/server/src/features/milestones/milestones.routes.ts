import {
  CreateMilestoneInputSchema,
  MilestoneListResponseSchema,
  MilestoneResponseSchema,
  UpdateMilestoneInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { MilestonesService } from './milestones.service.js';

const tags = ['milestones'];

export const milestoneRoutes: FastifyPluginAsyncZod<{ milestones: MilestonesService }> = async (
  app,
  { milestones },
) => {
  app.get(
    '/api/projects/:id/milestones',
    {
      schema: {
        tags,
        summary: 'The project milestones and sprints',
        security,
        params,
        response: { 200: MilestoneListResponseSchema },
      },
      config: { permission: 'project.view' },
    },
    async (request) => ({ data: await milestones.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/milestones',
    {
      schema: {
        tags,
        summary: 'Create a milestone or sprint',
        security,
        params,
        body: CreateMilestoneInputSchema,
        response: { 201: MilestoneResponseSchema },
      },
      config: { permission: 'work.edit' },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await milestones.create(projectAccessOf(request), request.body) }),
  );

  app.put(
    '/api/milestones/:id',
    {
      schema: {
        tags,
        summary: 'Edit a milestone (merged dates re-checked)',
        security,
        params,
        body: UpdateMilestoneInputSchema,
        response: { 200: MilestoneResponseSchema },
      },
      config: { permission: 'work.edit' },
    },
    async (request) => ({
      data: await milestones.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/milestones/:id',
    {
      schema: { tags, summary: 'Delete a milestone no task uses', security, params },
      config: { permission: 'work.edit' },
    },
    async (request, reply) => {
      await milestones.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
