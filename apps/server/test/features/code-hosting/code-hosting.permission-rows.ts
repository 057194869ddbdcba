import { type Row, VIEW, OWNER_ONLY, WORK } from '../../helpers/project-permission-rows.js';

/** Code hosting (docs/api-code-hosting.md): owners link and unlink, members sync and link commits, viewers read. */
export const codeHostingRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/repositories',
    request: (f) => ({ url: `/api/projects/${f.projectId}/repositories` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/repositories`,
      payload: { provider: 'gitlab', url: 'course/team-app' },
    }),
    expected: OWNER_ONLY(201),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories/github/callback',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/repositories/github/callback`,
      payload: { code: 'c', state: 's' },
    }),
    // No OAuth app on this server: the owner is told so; nobody else gets that far.
    expected: OWNER_ONLY(422),
  },
  {
    method: 'GET',
    route: '/api/repositories/:id/webhook',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}/webhook` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/repositories/:id/sync',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}/sync` }),
    expected: WORK(202),
  },
  {
    method: 'DELETE',
    route: '/api/repositories/:id',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/commits',
    request: (f) => ({ url: `/api/projects/${f.projectId}/commits?q=fix` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/projects/:id/pull_requests',
    request: (f) => ({ url: `/api/projects/${f.projectId}/pull_requests` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/commits',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/commits` }),
    expected: VIEW,
  },
  {
    method: 'DELETE',
    route: '/api/task_commits/:id',
    request: (f) => ({ url: `/api/task_commits/${f.taskCommitId}` }),
    expected: WORK(204),
  },
];
