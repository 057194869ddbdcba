import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { type Api } from '../../helpers/projects.js';
import { setUpTaskDetails } from '../../helpers/task-details.js';
import type { TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('labels', () => {
  let t: TestApp;
  let owner: Api;
  let projectId: number;
  let f: BoardFixture;

  beforeEach(async () => {
    ({ t, owner, projectId, f } = await setUpTaskDetails());
  });
  afterEach(() => t?.close());

  it('manages labels; deleting one removes it from tasks and boards', async () => {
    await owner('PUT', `/api/tasks/${f.taskId}`, { labels: [f.labelId] });
    expect(
      (await owner('POST', `/api/projects/${projectId}/labels`, { name: 'x', color: 'red' })).statusCode,
    ).toBe(422);
    const put = await owner('PUT', `/api/labels/${f.labelId}`, { name: 'defect' });
    expect(put.json().data).toMatchObject({ name: 'defect', color: '#ff0000' });
    expect((await owner('DELETE', `/api/labels/${f.labelId}`)).statusCode).toBe(204);
    expect((await owner('GET', `/api/tasks/${f.taskId}`)).json().data.labels).toEqual([]);
    const board = (await owner('GET', `/api/boards/${f.boardId}`)).json().data;
    expect(board.board.labels).toEqual([]);
    expect(board.labels).toEqual([]);
  });
});
