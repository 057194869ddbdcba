import { type Row, status, VIEW, OWNER_ONLY } from '../../helpers/project-permission-rows.js';

/**
 * Evaluations (docs/api-evaluations.md): owners write, send, move and close them; the selected
 * members (the fixture's member and viewer) answer; whoever sees the project reads a sent one's
 * results (members get only what they may see); teaching staff read, never answer.
 */
export const EVALUATION_INPUT = (memberIds: number[]) => ({
  title: 'Peer review',
  description: 'Rate each other.',
  type: 'project',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  member_ids: memberIds,
  questions: [{ kind: 'scale', text: 'Communication' }],
});
// The owner is not among the selected members: 403 EVALUATION_NOT_INVITED.
export const ANSWERER = status(403, 200, 200, 404, 401, 403, 404, 404);
export const evaluationRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/evaluations',
    request: (f) => ({ url: `/api/projects/${f.projectId}/evaluations` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/evaluations',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/evaluations`,
      payload: EVALUATION_INPUT([f.viewerId]),
    }),
    expected: OWNER_ONLY(201),
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id',
    request: (f) => ({
      url: `/api/evaluations/${f.draftEvaluationId}`,
      payload: EVALUATION_INPUT([f.viewerId]),
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/evaluations/:id',
    request: (f) => ({ url: `/api/evaluations/${f.draftEvaluationId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/send',
    request: (f) => ({ url: `/api/evaluations/${f.draftEvaluationId}/send` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/deadline',
    request: (f) => ({
      url: `/api/evaluations/${f.evaluationId}/deadline`,
      payload: { deadline: '2026-12-06' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/close',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/close` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/answers',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/answers` }),
    expected: ANSWERER,
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/answers',
    request: (f) => ({
      url: `/api/evaluations/${f.evaluationId}/answers`,
      payload: { answers: [], submit: false },
    }),
    expected: ANSWERER,
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/results',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/results` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/evidence',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/evidence` }),
    expected: VIEW,
  },
];
