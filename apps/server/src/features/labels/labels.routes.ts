import {
  CreateLabelInputSchema,
  LabelListResponseSchema,
  LabelResponseSchema,
  UpdateLabelInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { LabelsService } from './labels.service.js';

const tags = ['labels'];

export const labelRoutes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, { labels }) => {
  app.get(
    '/api/projects/:id/labels',
    {
      schema: {
        tags,
        summary: 'The project labels',
        security,
        params,
        response: { 200: LabelListResponseSchema },
      },
      config: { permission: 'project.view' },
    },
    async (request) => ({ data: await labels.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/labels',
    {
      schema: {
        tags,
        summary: 'Create a label',
        security,
        params,
        body: CreateLabelInputSchema,
        response: { 201: LabelResponseSchema },
      },
      config: { permission: 'work.edit' },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await labels.create(projectAccessOf(request), request.body) }),
  );

  app.put(
    '/api/labels/:id',
    {
      schema: {
        tags,
        summary: 'Rename or recolor a label',
        security,
        params,
        body: UpdateLabelInputSchema,
        response: { 200: LabelResponseSchema },
      },
      config: { permission: 'work.edit' },
    },
    async (request) => ({
      data: await labels.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/labels/:id',
    {
      schema: { tags, summary: 'Delete a label (removed from tasks and boards)', security, params },
      config: { permission: 'work.edit' },
    },
    async (request, reply) => {
      await labels.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
