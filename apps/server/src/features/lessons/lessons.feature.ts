import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { startOnFirstRequest } from '../../lib/first-request.js';
import { lessonReviewRoutes } from './lesson-reviews.routes.js';
import { LessonModeration } from './lesson-moderation.js';
import { LessonReviewsService } from './lesson-reviews.service.js';
import { LessonSearchService } from './lesson-search.service.js';
import { lessonRoutes } from './lessons.routes.js';
import { LessonsService } from './lessons.service.js';
import { LessonSearch } from './search-sync.js';

declare module '../../access/resources.js' {
  interface ResourcePolicies {
    /** Published and not hidden: anyone signed in; otherwise admins and whoever sees its project. */
    'lesson.reader': true;
    /** Its author (a reader who is not gets 403). */
    'lesson.author': true;
    /** An admin (a reader who is not gets 403). */
    'lesson.reviewer': true;
  }
}

/** Lessons learned (docs/api-lessons.md). `search` is the retrieval the assistant's lessons engine reuses. */
export async function lessonsFeature(app: FastifyInstance, core: AppCore): Promise<{ search: LessonSearch }> {
  const { db, clock, config } = core;
  const moderation = new LessonModeration({ db, clock, threshold: config.lessonAbuseThreshold });
  const lessons = new LessonsService({ database: core.database, db, clock, moderation });
  const summaries = (rows: Parameters<LessonsService['summaries']>[0]) => lessons.summaries(rows);
  const search = new LessonSearch(db);
  app.addHook('onReady', async () => {
    // Lessons hidden under an earlier rule or threshold are judged again by today's.
    moderation
      .reevaluateAll()
      .catch((error: unknown) => core.log.warn({ err: error }, 'lesson moderation: re-evaluation failed'));
  });
  app.projectResources.register({
    kind: 'lesson',
    path: '/api/lessons/:id',
    async locate(id) {
      const row = await lessons.find(id);
      return row && { projectId: row.project_id, row };
    },
    policies: {
      'lesson.reader': (user, id) => lessons.readableBy(user, id),
      'lesson.author': (user, id) => lessons.writtenBy(user, id),
      'lesson.reviewer': (user, id) => lessons.reviewableBy(user, id),
    },
  });
  await app.register(async (scope) => {
    // The index is built at the first lessons request, not at start: an idle server does not hold
    // every published lesson (10,000 lessons are ~28 MB of heap). A first request that is a search
    // waits for the build (seconds for 10,000 lessons, milliseconds for a course's hundreds); the build
    // runs in steps of a few milliseconds, so every other request is served meanwhile (search-sync.ts).
    startOnFirstRequest(
      scope,
      () => search.catchUp(),
      (error) => core.log.warn({ err: error }, 'lesson index: first build failed; the first search retries'),
    );
    await scope.register(lessonRoutes, {
      lessons,
      search: new LessonSearchService({ db, search, summaries }),
    });
  });
  await app.register(lessonReviewRoutes, {
    lessons,
    reviews: new LessonReviewsService({ db, clock, summaries, moderation }),
  });
  return { search };
}
