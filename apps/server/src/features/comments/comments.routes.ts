import { CommentInputSchema, CommentListResponseSchema, CommentResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as params, security } from '../../lib/routes.js';
import { signedIn } from '../../plugins/auth.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { CommentsService } from './comments.service.js';

const tags = ['comments'];

export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  const edit = { config: { permission: 'work.edit' as const } };

  app.get(
    '/api/tasks/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comments of a task (Markdown text as written)',
        security,
        params,
        response: { 200: CommentListResponseSchema },
      },
      config: { permission: 'project.view' },
    },
    async (request) => ({ data: await comments.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a task',
        security,
        params,
        body: CommentInputSchema,
        response: { 201: CommentResponseSchema },
      },
      ...edit,
    },
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
    {
      schema: {
        tags,
        summary: "Edit a comment (own, or anyone's with work.moderate)",
        security,
        params,
        body: CommentInputSchema,
        response: { 200: CommentResponseSchema },
      },
      ...edit,
    },
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
    {
      schema: { tags, summary: "Delete a comment (own, or anyone's with work.moderate)", security, params },
      ...edit,
    },
    async (request, reply) => {
      await comments.remove(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
