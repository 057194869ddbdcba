import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBoardFixture, type BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { signIn } from '../../helpers/factories.js';
import { snapshot, type Api } from '../../helpers/projects.js';
import { setUpTaskDetails } from '../../helpers/task-details.js';
import type { TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('hours', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let memberEs: Api;
  let f: BoardFixture;

  beforeEach(async () => {
    ({ t, owner, member, memberEs, f } = await setUpTaskDetails());
  });
  afterEach(() => t?.close());

  const totalHours = async () => (await owner('GET', `/api/tasks/${f.taskId}`)).json().data.total_hours;

  it('keeps total_hours equal to the sum of the hours', async () => {
    expect(await totalHours()).toBe(2);
    const own = await owner('POST', `/api/tasks/${f.taskId}/hours`, { hours: 1.5, date: '2026-11-21' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ hours: 1.5, date: '2026-11-21', user_name: expect.any(String) });
    expect(await totalHours()).toBe(3.5);
    expect((await member('PUT', `/api/hours/${f.hourId}`, { hours: 0.5 })).statusCode).toBe(200);
    expect(await totalHours()).toBe(2);
    expect((await owner('DELETE', `/api/hours/${f.hourId}`)).statusCode).toBe(204);
    expect(await totalHours()).toBe(1.5);
    const list = await owner('GET', `/api/tasks/${f.taskId}/hours`);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses bad hours with a localized message and changes nothing', async () => {
    const other = (await member('POST', '/api/projects', { name: 'Mine' })).json().data.id;
    const otherFixture = await createBoardFixture(
      t.app,
      other,
      member,
      member,
      await signIn(t.app, 'member@uni.example'),
    );
    const ownHour = (
      await owner('POST', `/api/tasks/${f.taskId}/hours`, { hours: 1, date: '2026-11-21' })
    ).json().data.id;
    const before = await snapshot(t.db);
    const cases: [string, string, object, number, string][] = [
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 0, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 24.5, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: '3', date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 1, date: '2026-02-30' }, 422, 'DATE_NOT_VALID'],
      ['PUT', `/api/hours/${ownHour}`, { hours: 2 }, 403, 'FORBIDDEN'], // the owner's entry
      ['DELETE', `/api/hours/${ownHour}`, {}, 403, 'FORBIDDEN'],
      ['PUT', `/api/hours/${f.hourId}`, { hours: 25 }, 422, 'HOURS_NOT_VALID'],
    ];
    for (const [method, url, payload, code, errorCode] of cases) {
      const response = await memberEs(method as 'POST', url, method === 'DELETE' ? undefined : payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(code);
      expect(response.json().code).toBe(errorCode);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    // Hours for a task of another project: the owner is not a member of it.
    const foreign = await owner('POST', `/api/tasks/${otherFixture.taskId}/hours`, {
      hours: 1,
      date: '2026-11-21',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
    const es = await memberEs('POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' });
    const en = await member('POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' });
    expect(es.json().errors[0]).not.toBe(en.json().errors[0]);
  });
});
