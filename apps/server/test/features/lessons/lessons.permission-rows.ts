import { type Actor, type Row, VIEW, WORK } from '../../helpers/project-permission-rows.js';

/**
 * Lessons (docs/api-lessons.md) follow their own readers: a lesson waiting for approval is read by
 * whoever sees its project and by admins (on a private project too), edited by its author only (the
 * member), reviewed by admins only; a published one is read by anyone signed in, voted on and reported
 * by anyone but its author, and its reporters are listed to admins only.
 */
export const lessonStatus = (
  codes: Omit<Record<Actor, number>, 'signed_out' | 'blocked'>,
): Record<Actor, number> => ({
  ...codes,
  signed_out: 401,
  blocked: 401,
});
export const LESSON_READER = lessonStatus({
  ...{ owner: 200, member: 200, viewer: 200, stranger: 404, invitee: 404 },
  ...{ teacher_public: 200, teacher_private: 404, admin_public: 200, admin_private: 200 },
});
export const LESSON_AUTHOR = (ok: number) =>
  lessonStatus({
    ...{ owner: 403, member: ok, viewer: 403, stranger: 404, invitee: 404 },
    ...{ teacher_public: 403, teacher_private: 404, admin_public: 403, admin_private: 403 },
  });
export const LESSON_REVIEWER = lessonStatus({
  ...{ owner: 403, member: 403, viewer: 403, stranger: 404, invitee: 404 },
  ...{ teacher_public: 403, teacher_private: 404, admin_public: 200, admin_private: 200 },
});
export const PUBLISHED_READER = lessonStatus({
  ...{ owner: 200, member: 200, viewer: 200, stranger: 200, invitee: 200 },
  ...{ teacher_public: 200, teacher_private: 200, admin_public: 200, admin_private: 200 },
});
/** Voting and reporting: anyone signed in who can read it, except its author (the member): 403. */
export const PUBLISHED_OTHER_READER = { ...PUBLISHED_READER, member: 403 };
export const PUBLISHED_REVIEWER = lessonStatus({
  ...{ owner: 403, member: 403, viewer: 403, stranger: 403, invitee: 403 },
  ...{ teacher_public: 403, teacher_private: 403, admin_public: 200, admin_private: 200 },
});
export const LESSON_INPUT = {
  title: 'Small commits',
  problem: 'Reviews took days.',
  solution: 'Commit small, review daily.',
  tags: ['git'],
  language: 'en',
};

export const lessonRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/lessons',
    request: (f) => ({ url: `/api/projects/${f.projectId}/lessons` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/lessons',
    request: (f) => ({ url: `/api/projects/${f.projectId}/lessons`, payload: LESSON_INPUT }),
    expected: WORK(201),
  },
  {
    method: 'GET',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}` }),
    expected: LESSON_READER,
  },
  {
    method: 'PUT',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}`, payload: { title: 'Smaller commits' } }),
    expected: LESSON_AUTHOR(200),
  },
  {
    method: 'DELETE',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}` }),
    expected: LESSON_AUTHOR(204),
  },
  ...(['approve', 'disapprove'] as const).map((decision): Row => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: (f) => ({
      url: `/api/lessons/${f.pendingLessonId}/${decision}`,
      payload: decision === 'disapprove' ? { reason: 'Too vague.' } : {},
    }),
    expected: LESSON_REVIEWER,
  })),
  ...(['unpublish', 'restore'] as const).map((decision): Row => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: (f) => ({
      url: `/api/lessons/${f.publishedLessonId}/${decision}`,
      payload: decision === 'unpublish' ? { reason: 'Outdated.' } : {},
    }),
    expected: PUBLISHED_REVIEWER,
  })),
  ...(['PUT', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/api/lessons/:id/vote',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/vote` }),
    expected: PUBLISHED_OTHER_READER,
  })),
  {
    method: 'POST',
    route: '/api/lessons/:id/abuse',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/abuse`, payload: {} }),
    expected: PUBLISHED_OTHER_READER,
  },
  {
    method: 'GET',
    route: '/api/lessons/:id/reports',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/reports` }),
    expected: PUBLISHED_REVIEWER,
  },
];
