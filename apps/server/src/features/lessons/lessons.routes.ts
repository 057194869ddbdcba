import {
  CreateLessonInputSchema,
  LessonAbuseInputSchema,
  LessonListResponseSchema,
  LessonResponseSchema,
  LessonSearchQuerySchema,
  LessonSearchResponseSchema,
  LessonTagListResponseSchema,
  LessonTagQuerySchema,
  UpdateLessonInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessedResourceOf, onId, projectAccessOf, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { LessonSearchService } from './lesson-search.service.js';
import type { LessonListRow } from './lessons.repository.js';
import type { LessonsService } from './lessons.service.js';

const tags = ['lessons'];

/** Writing, reading, voting, reporting and finding lessons (docs/api-lessons.md). */
export const lessonRoutes: FastifyPluginAsyncZod<{
  lessons: LessonsService;
  search: LessonSearchService;
}> = async (app, { lessons, search }) => {
  const lessonOf = (request: Parameters<typeof accessedResourceOf>[0]) =>
    accessedResourceOf<LessonListRow>(request);

  app.get(
    '/api/projects/:id/lessons',
    onId('project.view', {
      tags,
      summary: "The project's lessons, any status",
      response: { 200: LessonListResponseSchema },
    }),
    async (request) => ({ data: await lessons.listProject(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/lessons',
    onId('work.edit', {
      tags,
      summary: 'Write a lesson (a draft, or sent for approval with submit: true)',
      body: CreateLessonInputSchema,
      response: { 201: LessonResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({
        data: await lessons.create(signedIn(request).user, projectAccessOf(request), request.body),
      }),
  );

  app.get(
    '/api/lessons/search',
    signedInRoute('signed_in', {
      tags,
      summary: 'Published lessons of every project, ranked (both languages)',
      querystring: LessonSearchQuerySchema,
      response: { 200: LessonSearchResponseSchema },
    }),
    async (request) => search.search(request.query),
  );

  app.get(
    '/api/lessons/mine',
    signedInRoute('signed_in', {
      tags,
      summary: "The caller's own lessons, any status",
      response: { 200: LessonListResponseSchema },
    }),
    async (request) => ({ data: await lessons.listMine(signedIn(request).user) }),
  );

  app.get(
    '/api/lesson_tags',
    signedInRoute('signed_in', {
      tags,
      summary: 'Tags in use, for autocomplete',
      querystring: LessonTagQuerySchema,
      response: { 200: LessonTagListResponseSchema },
    }),
    async (request) => ({ data: await lessons.tags(signedIn(request).user, request.query.q) }),
  );

  app.get(
    '/api/lessons/:id',
    onId('lesson.reader', {
      tags,
      summary: 'One lesson (the first read by a user counts a view)',
      response: { 200: LessonResponseSchema },
    }),
    async (request) => ({ data: await lessons.read(signedIn(request).user, lessonOf(request)) }),
  );

  app.put(
    '/api/lessons/:id',
    onId('lesson.author', {
      tags,
      summary: 'Edit a lesson until it is published (its author)',
      body: UpdateLessonInputSchema,
      response: { 200: LessonResponseSchema },
    }),
    async (request) => ({
      data: await lessons.update(signedIn(request).user, lessonOf(request), request.body),
    }),
  );

  app.delete(
    '/api/lessons/:id',
    onId('lesson.author', { tags, summary: 'Delete a lesson until it is published (its author)' }),
    async (request, reply) => {
      await lessons.remove(lessonOf(request));
      return reply.code(204).send();
    },
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/lessons/:id/vote',
      onId('lesson.reader', {
        tags,
        summary: on ? 'Vote for a published lesson (once)' : 'Take back the vote',
        response: { 200: LessonResponseSchema },
      }),
      async (request) => ({ data: await lessons.vote(signedIn(request).user, lessonOf(request), on) }),
    );
  }

  app.post(
    '/api/lessons/:id/abuse',
    onId('lesson.reader', {
      tags,
      summary: 'Report a published lesson (once); enough reports hide it',
      body: LessonAbuseInputSchema,
      response: { 200: LessonResponseSchema },
    }),
    async (request) => ({
      data: await lessons.report(signedIn(request).user, lessonOf(request), request.body.reason),
    }),
  );
};
