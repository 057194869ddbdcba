import {
  LessonListResponseSchema,
  LessonReasonInputSchema,
  LessonReportsResponseSchema,
  LessonResponseSchema,
  LessonReviewCountResponseSchema,
  LessonReviewQuerySchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessedResourceOf, onId, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { LessonReviewsService } from './lesson-reviews.service.js';
import type { LessonListRow } from './lessons.repository.js';
import type { LessonsService } from './lessons.service.js';

const tags = ['lessons'];

/** The admins' side of lessons (docs/api-lessons.md): the queue and the decisions. */
export const lessonReviewRoutes: FastifyPluginAsyncZod<{
  lessons: LessonsService;
  reviews: LessonReviewsService;
}> = async (app, { lessons, reviews }) => {
  app.get(
    '/api/lessons/review',
    signedInRoute('admin', {
      tags,
      summary:
        'The approval queue (state=pending, the default), the lessons hidden by reports, or those reported but shown',
      querystring: LessonReviewQuerySchema,
      response: { 200: LessonListResponseSchema },
    }),
    async (request) => ({ data: await reviews.queue(request.query.state ?? 'pending') }),
  );

  app.get(
    '/api/lessons/review/count',
    signedInRoute('admin', {
      tags,
      summary: 'How many lessons wait for an admin',
      response: { 200: LessonReviewCountResponseSchema },
    }),
    async () => ({ data: await reviews.count() }),
  );

  app.get(
    '/api/lessons/:id/reports',
    onId('lesson.reviewer', {
      tags,
      summary: 'Who reported a lesson, whether each report counts toward hiding it and why not (admins)',
      response: { 200: LessonReportsResponseSchema },
    }),
    async (request) => ({ data: await reviews.reports(accessedResourceOf<LessonListRow>(request)) }),
  );

  const decisions = {
    approve: { summary: 'Publish a lesson waiting for approval', withReason: false },
    disapprove: { summary: 'Refuse a lesson waiting for approval, with a reason', withReason: true },
    unpublish: { summary: 'Take a published lesson out of search, with a reason', withReason: true },
    restore: { summary: 'Show a lesson hidden by reports again', withReason: false },
  } as const;

  for (const [decision, { summary, withReason }] of Object.entries(decisions)) {
    app.post(
      `/api/lessons/:id/${decision}`,
      onId('lesson.reviewer', {
        tags,
        summary,
        ...(withReason ? { body: LessonReasonInputSchema } : {}),
        response: { 200: LessonResponseSchema },
      }),
      async (request) => {
        const lesson = accessedResourceOf<LessonListRow>(request);
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? '';
        if (decision === 'approve') await reviews.approve(lesson);
        else if (decision === 'disapprove') await reviews.disapprove(lesson, reason);
        else if (decision === 'unpublish') await reviews.unpublish(lesson, reason);
        else await reviews.restore(lesson);
        return { data: await lessons.present(signedIn(request).user, lesson.id) };
      },
    );
  }
};
