import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../../helpers/boards.js';
import { buildTestApp } from '../../helpers/test-app.js';

interface Entry {
  kind: string;
  actor_name: string;
  project_id: number;
  subject_name: string | null;
}

describe('the activity feed records board work too', () => {
  let p: BoardProject;
  beforeAll(async () => {
    p = await setUpBoardProject(await buildTestApp());
  });
  afterAll(async () => p?.t.close());

  const feed = async () => (await p.owner('GET', '/api/activity')).json().data as Entry[];

  it('records a board created and deleted, a milestone, a completed task and a completed column', async () => {
    const { owner, f, projectId } = p;
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'Sprint 2' })).json()
      .data;
    await owner('DELETE', `/api/boards/${board.id}`);
    await owner('POST', `/api/projects/${projectId}/milestones`, {
      milestone_name: 'Demo day',
      start_date: '2026-11-20',
      deadline: '2026-12-01',
    });
    const task = (await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'Ship it' })).json().data;
    await owner('PUT', `/api/tasks/${task.id}`, { completed: true });
    await owner('PUT', `/api/tasks/${task.id}`, { completed: true }); // no change, no second entry
    const column = (await owner('POST', `/api/boards/${f.boardId}/columns`, { name: 'Wrap-up' })).json().data;
    await owner('POST', `/api/columns/${column.id}/tasks`, { title: 'Tidy' });
    const completed = await owner('POST', `/api/columns/${column.id}/complete_tasks`);
    expect(completed.statusCode).toBeLessThan(300);

    const entries = (await feed()).filter((entry) => entry.project_id === projectId);
    const described = entries.map((entry) => `${entry.kind} ${entry.subject_name ?? ''}`);
    expect(described).toEqual(
      expect.arrayContaining([
        'board.created Sprint 2',
        'board.deleted Sprint 2',
        'milestone.created Demo day',
        'task.completed Ship it',
        'column.completed Wrap-up',
      ]),
    );
    expect(described.filter((entry) => entry === 'task.completed Ship it')).toHaveLength(1);
  });
});
