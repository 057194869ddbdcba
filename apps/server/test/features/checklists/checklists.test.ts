import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { type Api } from '../../helpers/projects.js';
import { setUpTaskDetails } from '../../helpers/task-details.js';
import type { TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('checklist items', () => {
  let t: TestApp;
  let owner: Api;
  let f: BoardFixture;

  beforeEach(async () => {
    ({ t, owner, f } = await setUpTaskDetails());
  });
  afterEach(() => t?.close());

  it('manages checklist items and counts them on the card', async () => {
    const second = await owner('POST', `/api/tasks/${f.taskId}/checklist`, { text: 'Review' });
    expect(second.json().data).toMatchObject({ status: 'pending', position: 2 });
    await owner('PUT', `/api/checklist/${f.checklistId}`, { status: 'done' });
    const card = (await owner('GET', `/api/boards/${f.boardId}`)).json().data.tasks[0];
    expect(card).toMatchObject({
      checklist_total: 2,
      checklist_done: 1,
      comments_count: 1,
      attachments_count: 1,
    });
    await owner('PUT', `/api/checklist/${second.json().data.id}`, { position: 0.5 });
    const list = (await owner('GET', `/api/tasks/${f.taskId}/checklist`)).json().data;
    expect(list.map((x: { text: string }) => x.text)).toEqual(['Review', 'Outline']);
    expect((await owner('PUT', `/api/checklist/${f.checklistId}`, { status: 'maybe' })).statusCode).toBe(422);
    expect((await owner('DELETE', `/api/checklist/${f.checklistId}`)).statusCode).toBe(204);
  });
});
