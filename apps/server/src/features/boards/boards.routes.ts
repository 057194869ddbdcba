import {
  BoardDetailResponseSchema,
  BoardListResponseSchema,
  BoardResponseSchema,
  ColumnResponseSchema,
  CreateBoardInputSchema,
  CreateColumnInputSchema,
  UpdateBoardInputSchema,
  UpdateColumnInputSchema,
} from '@teamboard/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { BoardsService } from './boards.service.js';

const tags = ['boards'];

/** Whether an If-None-Match header names this ETag (a list, weak or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export const boardRoutes: FastifyPluginAsyncZod<{ boards: BoardsService }> = async (app, { boards }) => {
  const view = { config: { permission: 'project.view' as const } };
  const edit = { config: { permission: 'work.edit' as const } };

  app.get(
    '/api/projects/:id/boards',
    {
      schema: {
        tags,
        summary: 'The project boards by position',
        security,
        params,
        response: { 200: BoardListResponseSchema },
      },
      ...view,
    },
    async (request) => ({ data: await boards.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/boards',
    {
      schema: {
        tags,
        summary: 'Create a board (appended last)',
        security,
        params,
        body: CreateBoardInputSchema,
        response: { 201: BoardResponseSchema },
      },
      ...edit,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await boards.create(projectAccessOf(request), request.body) }),
  );

  app.get(
    '/api/boards/:id',
    {
      schema: {
        tags,
        summary: 'The whole board: columns, cards, labels (ETag; 304 on If-None-Match)',
        security,
        params,
        response: { 200: BoardDetailResponseSchema },
      },
      ...view,
    },
    async (request, typedReply) => {
      // The ETag names the board version, known before any other query: a match is answered 304
      // without loading the board; otherwise the body is sent pre-serialized.
      const reply = typedReply as unknown as FastifyReply;
      const ifNoneMatch = request.headers['if-none-match'];
      const { json, etag } = await boards.detail(projectAccessOf(request), request.params.id, (tag) =>
        matches(ifNoneMatch, tag),
      );
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (json === null) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.put(
    '/api/boards/:id',
    {
      schema: {
        tags,
        summary: 'Edit a board',
        security,
        params,
        body: UpdateBoardInputSchema,
        response: { 200: BoardResponseSchema },
      },
      ...edit,
    },
    async (request) => ({
      data: await boards.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/boards/:id',
    {
      schema: { tags, summary: 'Delete a board with its columns, tasks and files', security, params },
      ...edit,
    },
    async (request, reply) => {
      await boards.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/boards/:id/columns',
    {
      schema: {
        tags,
        summary: 'Create a column',
        security,
        params,
        body: CreateColumnInputSchema,
        response: { 201: ColumnResponseSchema },
      },
      ...edit,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await boards.createColumn(projectAccessOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/columns/:id',
    {
      schema: {
        tags,
        summary: 'Rename or reorder a column',
        security,
        params,
        body: UpdateColumnInputSchema,
        response: { 200: ColumnResponseSchema },
      },
      ...edit,
    },
    async (request) => ({
      data: await boards.updateColumn(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/columns/:id',
    { schema: { tags, summary: 'Delete a column with its tasks and files', security, params }, ...edit },
    async (request, reply) => {
      await boards.removeColumn(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
