import { CommentInputSchema, CommentListResponseSchema, CommentResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { onId, projectAccessOf } from '../../access/access.js';
import type { CommentsService } from './comments.service.js';

const tags = ['comments'];

export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/api/tasks/:id/comments',
    onId('project.view', {
      tags,
      summary: 'Comments of a task (Markdown text as written)',
      response: { 200: CommentListResponseSchema },
    }),
    async (request) => ({ data: await comments.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/comments',
    onId('work.edit', {
      tags,
      summary: 'Comment on a task',
      body: CommentInputSchema,
      response: { 201: CommentResponseSchema },
    }),
    async (request, reply) => {
      const data = await comments.create(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/api/comments/:id',
    onId('work.edit', {
      tags,
      summary: "Edit a comment (own, or anyone's with work.moderate)",
      body: CommentInputSchema,
      response: { 200: CommentResponseSchema },
    }),
    async (request) => ({
      data: await comments.update(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/comments/:id',
    onId('work.edit', { tags, summary: "Delete a comment (own, or anyone's with work.moderate)" }),
    async (request, reply) => {
      await comments.remove(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
