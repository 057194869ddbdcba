import { type Row, status, VIEW, OWNER_ONLY } from '../../helpers/project-permission-rows.js';

/** Members (docs/api-projects.md): owners list, change and remove them; anyone but the only owner may leave. */
export const memberRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/members',
    request: (f) => ({ url: `/api/projects/${f.projectId}/members` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/members/:user_id',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/members/${f.viewerId}`,
      payload: { role: 'member' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/members/:user_id',
    request: (f) => ({ url: `/api/projects/${f.projectId}/members/${f.viewerId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/membership',
    request: (f) => ({ url: `/api/projects/${f.projectId}/membership` }),
    // The only owner may not quit (409 LAST_OWNER).
    expected: status(409, 204, 204, 404, 401, 403, 404, 404),
  },
];
