import {
  CreateLabelInputSchema,
  LabelListResponseSchema,
  LabelResponseSchema,
  UpdateLabelInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { LabelsService } from './labels.service.js';

const tags = ['labels'];

export const labelRoutes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, { labels }) => {
  app.get(
    '/api/projects/:id/labels',
    onId('project.view', { tags, summary: 'The project labels', response: { 200: LabelListResponseSchema } }),
    async (request) => ({ data: await labels.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/labels',
    onId('work.edit', {
      tags,
      summary: 'Create a label',
      body: CreateLabelInputSchema,
      response: { 201: LabelResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await labels.create(projectAccessOf(request), request.body) }),
  );

  app.put(
    '/api/labels/:id',
    onId('work.edit', {
      tags,
      summary: 'Rename or recolor a label',
      body: UpdateLabelInputSchema,
      response: { 200: LabelResponseSchema },
    }),
    async (request) => ({
      data: await labels.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/labels/:id',
    onId('work.edit', { tags, summary: 'Delete a label (removed from tasks and boards)' }),
    async (request, reply) => {
      await labels.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
