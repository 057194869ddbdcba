import type { BoardFixture } from './boards.js';
import type { Method } from './projects.js';

/** The permission-matrix rows of issue 4's endpoints (test/api/permissions.test.ts merges them and runs them for every actor). */
export interface BoardRow {
  method: Method;
  route: string;
  request(f: BoardFixture & { projectId: number }): { url: string; payload?: object; multipart?: boolean };
  expected: 'view' | 'staff' | number;
}

/**
 * `expected`: 'view' (anyone who sees the project), 'staff' (owners, and teachers/admins on a public
 * project) or the success status of a work.* route.
 */
export const BOARD_ROWS: BoardRow[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/hour_signals',
    request: (f) => ({ url: `/api/projects/${f.projectId}/hour_signals?from=2026-11-01&to=2026-11-28` }),
    expected: 'staff',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/fairness',
    request: (f) => ({ url: `/api/projects/${f.projectId}/fairness?from=2026-11-01&to=2026-11-28` }),
    expected: 'view',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/boards',
    request: (f) => ({ url: `/api/projects/${f.projectId}/boards` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/boards',
    request: (f) => ({ url: `/api/projects/${f.projectId}/boards`, payload: { name: 'New' } }),
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/projects/:id/labels',
    request: (f) => ({ url: `/api/projects/${f.projectId}/labels` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/labels',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/labels`,
      payload: { name: 'ux', color: '#00ff00' },
    }),
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/projects/:id/milestones',
    request: (f) => ({ url: `/api/projects/${f.projectId}/milestones` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/milestones',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/milestones`,
      payload: { milestone_name: 'M2', start_date: '2026-12-01', deadline: '2026-12-10' },
    }),
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/boards/:id',
    request: (f) => ({ url: `/api/boards/${f.boardId}` }),
    expected: 'view',
  },
  {
    method: 'PUT',
    route: '/api/boards/:id',
    request: (f) => ({ url: `/api/boards/${f.boardId}`, payload: { name: 'Renamed' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/boards/:id',
    request: (f) => ({ url: `/api/boards/${f.boardId}` }),
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/boards/:id/columns',
    request: (f) => ({ url: `/api/boards/${f.boardId}/columns`, payload: { name: 'Doing' } }),
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/boards/:id/tasks',
    request: (f) => ({ url: `/api/boards/${f.boardId}/tasks?q=report` }),
    expected: 'view',
  },
  {
    method: 'PUT',
    route: '/api/columns/:id',
    request: (f) => ({ url: `/api/columns/${f.columnId}`, payload: { name: 'Backlog' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/columns/:id',
    request: (f) => ({ url: `/api/columns/${f.columnId}` }),
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/columns/:id/archive_tasks',
    request: (f) => ({ url: `/api/columns/${f.columnId}/archive_tasks` }),
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/columns/:id/complete_tasks',
    request: (f) => ({ url: `/api/columns/${f.columnId}/complete_tasks` }),
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/columns/:id/tasks',
    request: (f) => ({ url: `/api/columns/${f.columnId}/tasks`, payload: { title: 'Another' } }),
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id',
    request: (f) => ({ url: `/api/tasks/${f.taskId}` }),
    expected: 'view',
  },
  {
    method: 'PUT',
    route: '/api/tasks/:id',
    request: (f) => ({ url: `/api/tasks/${f.taskId}`, payload: { priority: 'high' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/tasks/:id',
    request: (f) => ({ url: `/api/tasks/${f.taskId}` }),
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/move',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/move`, payload: { column_id: f.otherColumnId } }),
    expected: 200,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/logs',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/logs` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/commits',
    request: (f) => ({
      url: `/api/tasks/${f.taskId}/commits`,
      payload: { message: 'Fix', url: 'https://git.example/c/1' },
    }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/tasks/:id/commits',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/commits` }),
    expected: 200,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/hours',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/hours` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/hours',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/hours`, payload: { hours: 1.5, date: '2026-11-21' } }),
    expected: 201,
  },
  {
    method: 'PUT',
    route: '/api/hours/:id',
    request: (f) => ({ url: `/api/hours/${f.hourId}`, payload: { hours: 3 } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/hours/:id',
    request: (f) => ({ url: `/api/hours/${f.hourId}` }),
    expected: 204,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/comments',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/comments` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/comments',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/comments`, payload: { text: 'Hi' } }),
    expected: 201,
  },
  {
    method: 'PUT',
    route: '/api/comments/:id',
    request: (f) => ({ url: `/api/comments/${f.commentId}`, payload: { text: 'Edited' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/comments/:id',
    request: (f) => ({ url: `/api/comments/${f.commentId}` }),
    expected: 204,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/checklist',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/checklist` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/checklist',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/checklist`, payload: { text: 'Draft' } }),
    expected: 201,
  },
  {
    method: 'PUT',
    route: '/api/checklist/:id',
    request: (f) => ({ url: `/api/checklist/${f.checklistId}`, payload: { status: 'done' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/checklist/:id',
    request: (f) => ({ url: `/api/checklist/${f.checklistId}` }),
    expected: 204,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/attachments',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/attachments` }),
    expected: 'view',
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/attachments',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/attachments`, multipart: true }),
    expected: 201,
  },
  {
    method: 'DELETE',
    route: '/api/attachments/:id',
    request: (f) => ({ url: `/api/attachments/${f.attachmentId}` }),
    expected: 204,
  },
  {
    method: 'PUT',
    route: '/api/labels/:id',
    request: (f) => ({ url: `/api/labels/${f.labelId}`, payload: { color: '#0000ff' } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/labels/:id',
    request: (f) => ({ url: `/api/labels/${f.labelId}` }),
    expected: 204,
  },
  {
    method: 'PUT',
    route: '/api/milestones/:id',
    request: (f) => ({ url: `/api/milestones/${f.milestoneId}`, payload: { sprint: false } }),
    expected: 200,
  },
  {
    method: 'DELETE',
    route: '/api/milestones/:id',
    request: (f) => ({ url: `/api/milestones/${f.milestoneId}` }),
    expected: 204,
  },
];
