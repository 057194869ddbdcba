import {
  CreateTaskInputSchema,
  LinkCommitInputSchema,
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
import { idParams as params, security } from '../../lib/routes.js';
import { signedIn } from '../../plugins/auth.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { TasksService } from './tasks.service.js';

const tags = ['tasks'];

export const taskRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  const edit = { config: { permission: 'work.edit' as const } };
  const view = { config: { permission: 'project.view' as const } };

  app.post(
    '/api/columns/:id/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task (appended last)',
        security,
        params,
        body: CreateTaskInputSchema,
        response: { 201: TaskResponseSchema },
      },
      ...edit,
    },
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
      {
        schema: {
          tags,
          summary: `${action === 'archive_tasks' ? 'Archive' : 'Complete'} every task of the column`,
          security,
          params,
          response: { 200: TaskSummaryListResponseSchema },
        },
        ...edit,
      },
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
    {
      schema: {
        tags,
        summary: 'Search the board (title, description, label, member) or list archived tasks',
        security,
        params,
        querystring: TaskSearchQuerySchema,
        response: { 200: TaskSummaryListResponseSchema },
      },
      ...view,
    },
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
    {
      schema: {
        tags,
        summary: 'A task with every detail field',
        security,
        params,
        response: { 200: TaskResponseSchema },
      },
      ...view,
    },
    async (request) => ({ data: await tasks.view(projectAccessOf(request), request.params.id) }),
  );

  app.put(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Edit a task (each change logged)',
        security,
        params,
        body: UpdateTaskInputSchema,
        response: { 200: TaskResponseSchema },
      },
      ...edit,
    },
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
    { schema: { tags, summary: 'Delete a task and its files', security, params }, ...edit },
    async (request, reply) => {
      await tasks.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/tasks/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a task within or across columns of its board',
        security,
        params,
        body: MoveTaskInputSchema,
        response: { 200: z.object({ data: TaskSummarySchema }) },
      },
      ...edit,
    },
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
    {
      schema: {
        tags,
        summary: 'The task log, newest first',
        security,
        params,
        response: { 200: TaskLogListResponseSchema },
      },
      ...view,
    },
    async (request) => ({ data: await tasks.logs(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/commits',
    {
      schema: {
        tags,
        summary: 'Set the commit link',
        security,
        params,
        body: LinkCommitInputSchema,
        response: { 200: TaskResponseSchema },
      },
      ...edit,
    },
    async (request) => ({
      data: await tasks.linkCommit(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/tasks/:id/commits',
    {
      schema: {
        tags,
        summary: 'Clear the commit link',
        security,
        params,
        response: { 200: TaskResponseSchema },
      },
      ...edit,
    },
    async (request) => ({
      data: await tasks.linkCommit(signedIn(request).user, projectAccessOf(request), request.params.id, null),
    }),
  );
};
