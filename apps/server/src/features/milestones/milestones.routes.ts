import {
  CreateMilestoneInputSchema,
  MilestoneListResponseSchema,
  MilestoneResponseSchema,
  UpdateMilestoneInputSchema,
} from '@teamboard/contract';
import { signedIn } from '../../plugins/auth.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { MilestonesService } from './milestones.service.js';

const tags = ['milestones'];

export const milestoneRoutes: FastifyPluginAsyncZod<{ milestones: MilestonesService }> = async (
  app,
  { milestones },
) => {
  app.get(
    '/api/projects/:id/milestones',
    onId('project.view', {
      tags,
      summary: 'The project milestones and sprints',
      response: { 200: MilestoneListResponseSchema },
    }),
    async (request) => ({ data: await milestones.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/milestones',
    onId('work.edit', {
      tags,
      summary: 'Create a milestone or sprint',
      body: CreateMilestoneInputSchema,
      response: { 201: MilestoneResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({
        data: await milestones.create(signedIn(request).user, projectAccessOf(request), request.body),
      }),
  );

  app.put(
    '/api/milestones/:id',
    onId('work.edit', {
      tags,
      summary: 'Edit a milestone (merged dates re-checked)',
      body: UpdateMilestoneInputSchema,
      response: { 200: MilestoneResponseSchema },
    }),
    async (request) => ({
      data: await milestones.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/milestones/:id',
    onId('work.edit', { tags, summary: 'Delete a milestone no task uses' }),
    async (request, reply) => {
      await milestones.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
