import {
  CreateTaskInputSchema,
  MoveTaskInputSchema,
  TaskLogListResponseSchema,
  TaskResponseSchema,
  TaskSearchQuerySchema,
  TaskSummaryListResponseSchema,
  UpdateTaskInputSchema,
  TaskSummarySchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { onId, projectAccessOf } from '../../access/access.js';
import type { TasksService } from './tasks.service.js';

const tags = ['tasks'];

export const taskRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  app.post(
    '/api/columns/:id/tasks',
    onId('work.edit', {
      tags,
      summary: 'Create a task (appended last)',
      body: CreateTaskInputSchema,
      response: { 201: TaskResponseSchema },
    }),
    async (request, reply) => {
      const data = await tasks.create(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data });
    },
  );

  for (const [action, flag] of [
    ['archive_tasks', 'is_archived'],
    ['complete_tasks', 'completed'],
  ] as const) {
    app.post(
      `/api/columns/:id/${action}`,
      onId('work.edit', {
        tags,
        summary: `${action === 'archive_tasks' ? 'Archive' : 'Complete'} every task of the column`,
        response: { 200: TaskSummaryListResponseSchema },
      }),
      async (request) => ({
        data: await tasks.flagColumn(
          signedIn(request).user,
          projectAccessOf(request),
          request.params.id,
          flag,
        ),
      }),
    );
  }

  app.get(
    '/api/boards/:id/tasks',
    onId('project.view', {
      tags,
      summary: 'Search the board (title, description, label, member) or list archived tasks',
      querystring: TaskSearchQuerySchema,
      response: { 200: TaskSummaryListResponseSchema },
    }),
    async (request) => ({
      data: await tasks.search(
        projectAccessOf(request),
        request.params.id,
        request.query.q,
        request.query.archived === 'true',
      ),
    }),
  );

  app.get(
    '/api/tasks/:id',
    onId('project.view', {
      tags,
      summary: 'A task with every detail field',
      response: { 200: TaskResponseSchema },
    }),
    async (request) => ({ data: await tasks.view(projectAccessOf(request), request.params.id) }),
  );

  app.put(
    '/api/tasks/:id',
    onId('work.edit', {
      tags,
      summary: 'Edit a task (each change logged)',
      body: UpdateTaskInputSchema,
      response: { 200: TaskResponseSchema },
    }),
    async (request) => ({
      data: await tasks.update(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/tasks/:id',
    onId('work.edit', { tags, summary: 'Delete a task and its files' }),
    async (request, reply) => {
      await tasks.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/tasks/:id/move',
    onId('work.edit', {
      tags,
      summary: 'Move a task within or across columns of its board',
      body: MoveTaskInputSchema,
      response: { 200: z.object({ data: TaskSummarySchema }) },
    }),
    async (request) => ({
      data: await tasks.move(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/tasks/:id/logs',
    onId('project.view', {
      tags,
      summary: 'The task log, newest first',
      response: { 200: TaskLogListResponseSchema },
    }),
    async (request) => ({ data: await tasks.logs(projectAccessOf(request), request.params.id) }),
  );
};
