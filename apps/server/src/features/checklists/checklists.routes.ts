import {
  ChecklistItemResponseSchema,
  ChecklistResponseSchema,
  CreateChecklistItemInputSchema,
  UpdateChecklistItemInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { ChecklistsService } from './checklists.service.js';

const tags = ['checklist'];

export const checklistRoutes: FastifyPluginAsyncZod<{ checklists: ChecklistsService }> = async (
  app,
  { checklists },
) => {
  app.get(
    '/api/tasks/:id/checklist',
    onId('project.view', {
      tags,
      summary: 'The task checklist by position',
      response: { 200: ChecklistResponseSchema },
    }),
    async (request) => ({ data: await checklists.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/checklist',
    onId('work.edit', {
      tags,
      summary: 'Add a checklist item',
      body: CreateChecklistItemInputSchema,
      response: { 201: ChecklistItemResponseSchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await checklists.create(projectAccessOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/checklist/:id',
    onId('work.edit', {
      tags,
      summary: 'Edit, tick or reorder a checklist item',
      body: UpdateChecklistItemInputSchema,
      response: { 200: ChecklistItemResponseSchema },
    }),
    async (request) => ({
      data: await checklists.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/checklist/:id',
    onId('work.edit', { tags, summary: 'Delete a checklist item' }),
    async (request, reply) => {
      await checklists.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
