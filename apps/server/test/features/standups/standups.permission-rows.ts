import { type Row, status, VIEW } from '../../helpers/project-permission-rows.js';

/**
 * Stand-ups (docs/api-standups.md): read by whoever sees the project; owners and members submit their
 * own, once a day (the fixture's member already did today: 409); only the author edits one.
 */
export const STANDUP_INPUT = { did: 'Set up CI', will_do: 'Write tests', hours: 3, stress: 2, feeling: 4 };
export const standupRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/standups',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/standups',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups`, payload: STANDUP_INPUT }),
    expected: status(201, 409, 403, 404, 401, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/standups/analysis',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups/analysis` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/standups/:id',
    request: (f) => ({ url: `/api/standups/${f.standupId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/standups/:id',
    request: (f) => ({ url: `/api/standups/${f.standupId}`, payload: { ...STANDUP_INPUT, hours: 4 } }),
    expected: status(403, 200, 403, 404, 401, 403, 404, 404),
  },
];
