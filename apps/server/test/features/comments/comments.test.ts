import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { snapshot, type Api } from '../../helpers/projects.js';
import { setUpTaskDetails } from '../../helpers/task-details.js';
import type { TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('comments', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let f: BoardFixture;

  beforeEach(async () => {
    ({ t, owner, member, f } = await setUpTaskDetails());
  });
  afterEach(() => t?.close());

  it('stores Markdown comments verbatim and returns them as JSON text', async () => {
    const text =
      '<script>alert(1)</script>\n<iframe src="https://evil.example"></iframe>\n[click](javascript:alert(1))';
    const created = await member('POST', `/api/tasks/${f.taskId}/comments`, { text });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.json().data.text).toBe(text);
    const list = await owner('GET', `/api/tasks/${f.taskId}/comments`);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().data.map((x: { text: string }) => x.text)).toContain(text);
    expect(list.json().data[0]).toMatchObject({ user_name: 'Mario', user_image: null });
    // Own with work.edit, anyone's with work.moderate.
    expect((await owner('PUT', `/api/comments/${f.commentId}`, { text: 'moderated' })).json().data.text).toBe(
      'moderated',
    );
    const ownerComment = (await owner('POST', `/api/tasks/${f.taskId}/comments`, { text: 'mine' })).json()
      .data.id;
    const before = await snapshot(t.db);
    expect((await member('PUT', `/api/comments/${ownerComment}`, { text: 'hijack' })).statusCode).toBe(403);
    expect((await member('DELETE', `/api/comments/${ownerComment}`)).statusCode).toBe(403);
    expect((await member('PUT', `/api/comments/${f.commentId}`, { text: '  ' })).statusCode).toBe(422);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await member('DELETE', `/api/comments/${f.commentId}`)).statusCode).toBe(204);
  });
});
