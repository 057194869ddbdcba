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
import { signedIn } from '../../plugins/auth.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
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
  app.get(
    '/api/projects/:id/boards',
    onId('project.view', {
      tags,
      summary: 'The project boards by position',
      response: { 200: BoardListResponseSchema },
    }),
    async (request) => ({ data: await boards.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/boards',
    onId('work.edit', {
      tags,
      summary: 'Create a board (appended last)',
      body: CreateBoardInputSchema,
      response: { 201: BoardResponseSchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await boards.create(signedIn(request).user, projectAccessOf(request), request.body) }),
  );

  app.get(
    '/api/boards/:id',
    onId('project.view', {
      tags,
      summary: 'The whole board: columns, cards, labels (ETag; 304 on If-None-Match)',
      response: { 200: BoardDetailResponseSchema },
    }),
    async (request, typedReply) => {
      // The ETag names the board version, known before any other query: a match is answered 304
      // without loading the board; otherwise the body is sent as the bytes kept for that version.
      const reply = typedReply as unknown as FastifyReply;
      const ifNoneMatch = request.headers['if-none-match'];
      const { body, etag } = await boards.detail(projectAccessOf(request), request.params.id, (tag) =>
        matches(ifNoneMatch, tag),
      );
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (body === null) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.put(
    '/api/boards/:id',
    onId('work.edit', {
      tags,
      summary: 'Edit a board',
      body: UpdateBoardInputSchema,
      response: { 200: BoardResponseSchema },
    }),
    async (request) => ({
      data: await boards.update(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/boards/:id',
    onId('work.edit', { tags, summary: 'Delete a board with its columns, tasks and files' }),
    async (request, reply) => {
      await boards.remove(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/boards/:id/columns',
    onId('work.edit', {
      tags,
      summary: 'Create a column',
      body: CreateColumnInputSchema,
      response: { 201: ColumnResponseSchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await boards.createColumn(projectAccessOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/columns/:id',
    onId('work.edit', {
      tags,
      summary: 'Rename or reorder a column',
      body: UpdateColumnInputSchema,
      response: { 200: ColumnResponseSchema },
    }),
    async (request) => ({
      data: await boards.updateColumn(projectAccessOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/columns/:id',
    onId('work.edit', { tags, summary: 'Delete a column with its tasks and files' }),
    async (request, reply) => {
      await boards.removeColumn(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
