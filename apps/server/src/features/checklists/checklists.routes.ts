import {
  ChecklistItemResponseSchema,
  ChecklistResponseSchema,
  CreateChecklistItemInputSchema,
  UpdateChecklistItemInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { ChecklistsService } from './checklists.service.js';

const tags = ['checklist'];

export const checklistRoutes: FastifyPluginAsyncZod<{ checklists: ChecklistsService }> = async (
  app,
  { checklists },
) => {
  const edit = { config: { permission: 'work.edit' as const } };

  app.get(
    '/api/tasks/:id/checklist',
    {
      schema: {
        tags,
        summary: 'The task checklist by position',
        security,
        params,
        response: { 200: ChecklistResponseSchema },
      },
      config: { permission: 'project.view' },
    },
    async (request) => ({ data: await checklists.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/checklist',
    {
      schema: {
        tags,
        summary: 'Add a checklist item',
        security,
        params,
        body: CreateChecklistItemInputSchema,
        response: { 201: ChecklistItemResponseSchema },
      },
      ...edit,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await checklists.create(projectAccessOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/checklist/:id',
    {
      schema: {
        tags,
        summary: 'Edit, tick or reorder a checklist item',
        security,
        params,
        body: UpdateChecklistItemInputSchema,
        response: { 200: ChecklistItemResponseSchema },
      },
      ...edit,
    },
    async (request) => ({
      data: await checklists.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/checklist/:id',
    { schema: { tags, summary: 'Delete a checklist item', security, params }, ...edit },
    async (request, reply) => {
      await checklists.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
