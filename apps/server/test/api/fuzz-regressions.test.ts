import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { snapshot } from '../helpers/projects.js';
import { buildTestApp } from '../helpers/test-app.js';

/**
 * The bugs the OpenAPI fuzzer (fuzz.test.ts) found, one focused case each. Most were 500s on
 * PostgreSQL only: 32-bit integer columns and text that cannot hold U+0000.
 */
describe.skipIf(!isDatabaseAvailable)('inputs the fuzzer found', () => {
  let c: BoardProject;
  beforeAll(async () => {
    c = await setUpBoardProject(await buildTestApp());
  });
  afterAll(() => c?.t.close());

  async function expectRefused(
    call: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ): Promise<void> {
    const before = await snapshot(c.t.db);
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ errors: [expect.any(String)], code });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(await snapshot(c.t.db)).toEqual(before);
  }

  describe('ids beyond a 32-bit integer column', () => {
    it.each(['2147483648', '9007199254740991', '9999999999999999'])('answers 404 for the path id %s', (id) =>
      expectRefused(() => c.owner('GET', `/api/tasks/${id}`), 404, 'NOT_FOUND'),
    );

    it('still finds the largest id a column holds (404 only because no row has it)', () =>
      expectRefused(() => c.owner('PUT', '/api/projects/2147483647', { name: 'x' }), 404, 'NOT_FOUND'));

    it('answers 422 for an id beyond it in a body', async () => {
      await expectRefused(
        () => c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: 2147483648 }),
        422,
        'VALIDATION_FAILED',
      );
      await expectRefused(
        () => c.owner('PUT', `/api/tasks/${c.f.taskId}`, { labels: [9007199254740991] }),
        422,
        'VALIDATION_FAILED',
      );
      await expectRefused(
        () => c.owner('POST', '/api/projects', { name: 'x', folder_id: 4294967296 }),
        422,
        'VALIDATION_FAILED',
      );
    });

    it('answers 422 for an activity cursor beyond it', () =>
      expectRefused(() => c.owner('GET', '/api/activity?cursor=2147483648'), 422, 'VALIDATION_FAILED'));
  });

  describe('NUL characters', () => {
    it('answers 400 for one in a JSON body value or key, signed in or not', async () => {
      await expectRefused(
        () => c.owner('PUT', `/api/tasks/${c.f.taskId}`, { title: 'a\u0000b' }),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefused(
        () => c.owner('POST', `/api/tasks/${c.f.taskId}/comments`, { ['te\u0000xt']: 'x' }),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefused(
        () =>
          c.t.app.inject({
            method: 'POST',
            url: '/api/auth/sign_in',
            payload: { email: 'a\u0000b', password: 'x' },
          }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('answers 400 for one in a query string or a path value', async () => {
      await expectRefused(
        () => c.owner('GET', `/api/boards/${c.f.boardId}/tasks?q=a%00b`),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefused(() => c.owner('GET', '/api/files/avatars/a%00b.png'), 400, 'VALIDATION_FAILED');
    });

    it('still accepts the escaped text "\\u0000" (a backslash, not a NUL)', async () => {
      const response = await c.owner('PUT', `/api/tasks/${c.f.taskId}`, { title: 'a\\u0000b' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.title).toBe('a\\u0000b');
    });
  });

  describe('paths the router refuses before any hook', () => {
    it('answers a path value over 100 characters with 404 in the error shape and the headers', () =>
      expectRefused(() => c.owner('POST', `/api/users/${'x'.repeat(101)}/reset`, {}), 404, 'NOT_FOUND'));

    it('answers a malformed percent-encoding with 404 in the error shape and the headers', () =>
      expectRefused(() => c.owner('GET', '/api/tasks/%zz'), 404, 'NOT_FOUND'));
  });
});
