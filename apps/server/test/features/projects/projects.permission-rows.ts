import { type Row, status, VIEW, OWNER_ONLY } from '../../helpers/project-permission-rows.js';

/** A project itself (docs/api-projects.md): read by whoever sees it, changed by its owners. */
export const projectRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}`, payload: { name: 'Renamed' } }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/placement',
    request: (f) => ({ url: `/api/projects/${f.projectId}/placement`, payload: { is_favorite: true } }),
    // Any member files the project for themselves; a read-only teacher has no filing.
    expected: status(200, 200, 200, 404, 401, 403, 404, 404),
  },
];
