import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { snapshot, type Api } from '../../helpers/projects.js';
import { setUpTaskDetails } from '../../helpers/task-details.js';
import type { TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('milestones', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let memberEs: Api;
  let projectId: number;
  let f: BoardFixture;

  beforeEach(async () => {
    ({ t, owner, member, memberEs, projectId, f } = await setUpTaskDetails());
  });
  afterEach(() => t?.close());

  it('checks milestone dates (also merged on update) and refuses deleting a used one', async () => {
    const url = `/api/projects/${projectId}/milestones`;
    const before = await snapshot(t.db);
    const bad = await memberEs('POST', url, {
      milestone_name: 'M',
      start_date: '2026-11-10',
      deadline: '2026-11-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('DEADLINE_BEFORE_START');
    const merged = await member('PUT', `/api/milestones/${f.milestoneId}`, { deadline: '2026-10-01' });
    expect(merged.statusCode).toBe(422);
    expect(merged.json()).toEqual({
      code: 'DEADLINE_BEFORE_START',
      errors: ['the deadline cannot be before the start date'],
    });
    expect(await snapshot(t.db)).toEqual(before);
    const ok = await member('PUT', `/api/milestones/${f.milestoneId}`, {
      deadline: '2026-11-30',
      sprint: false,
    });
    expect(ok.json().data).toMatchObject({
      milestone_name: 'Sprint 1',
      deadline: '2026-11-30',
      sprint: false,
    });
    await owner('PUT', `/api/tasks/${f.taskId}`, { milestone_id: f.milestoneId });
    const used = await member('DELETE', `/api/milestones/${f.milestoneId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('MILESTONE_NOT_DELETABLE');
    await owner('PUT', `/api/tasks/${f.taskId}`, { milestone_id: null });
    expect((await member('DELETE', `/api/milestones/${f.milestoneId}`)).statusCode).toBe(204);
    expect((await owner('GET', url)).json().data).toEqual([]);
  });
});
