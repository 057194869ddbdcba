import { BoardDetailResponseSchema } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pngBytes, setUpBoardProject, upload, type BoardProject } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { apiAs } from '../../helpers/projects.js';
import { buildApp } from '../../../src/app.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { QueryCounter } from '../../helpers/query-counter.js';

type Ctx = BoardProject;

const counter = new QueryCounter();

async function setUp(): Promise<Ctx> {
  const t = await buildTestApp({ wrapDb: (db) => db.withPlugin(counter.plugin) });
  return setUpBoardProject(t);
}

describe.skipIf(!isDatabaseAvailable)('GET /api/boards/:id ETag (board version)', () => {
  let c: Ctx;
  beforeEach(async () => {
    c = await setUp();
  });
  afterEach(() => c?.t.close());

  /** The current ETag; the body always parses with the contract's schema. */
  async function etagOf(boardId = c.f.boardId): Promise<string> {
    const response = await c.owner('GET', `/api/boards/${boardId}`);
    expect(response.statusCode).toBe(200);
    expect(() => BoardDetailResponseSchema.parse(response.json())).not.toThrow();
    return String(response.headers.etag);
  }

  it('answers 304 with no query while the board is unchanged, and the body still matches the contract', async () => {
    const etag = await etagOf();
    const cached = apiAs(c.t.app, c.ownerHeaders, { 'if-none-match': `W/"x", ${etag}` });
    counter.reset();
    const response = await cached('GET', `/api/boards/${c.f.boardId}`);
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
    // The session, the membership, the board's project and its row (version) are remembered since
    // the read before (test/board-content/board-projects.test.ts shows each change forgetting them).
    expect(counter.count).toBe(0);
    expect(await etagOf()).toBe(etag);
  });

  /** Every kind of write that changes the board detail, in an order where each one applies. */
  async function boardWrites(): Promise<[string, () => Promise<{ statusCode: number }>][]> {
    const { f, projectId, owner } = c;
    const secondTask = (await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'second' })).json()
      .data.id as number;
    return [
      ['edit board', () => owner('PUT', `/api/boards/${f.boardId}`, { name: 'Renamed' })],
      ['board labels', () => owner('PUT', `/api/boards/${f.boardId}`, { labels: [] })],
      ['create column', () => owner('POST', `/api/boards/${f.boardId}/columns`, { name: 'Extra' })],
      ['rename column', () => owner('PUT', `/api/columns/${f.otherColumnId}`, { name: 'Finished' })],
      ['create task', () => owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'third' })],
      ['edit task', () => owner('PUT', `/api/tasks/${f.taskId}`, { title: 'Changed' })],
      ['assign', () => owner('PUT', `/api/tasks/${f.taskId}`, { assigned: [c.memberId] })],
      ['task labels', () => owner('PUT', `/api/tasks/${f.taskId}`, { labels: [f.labelId] })],
      ['move task', () => owner('POST', `/api/tasks/${f.taskId}/move`, { column_id: f.otherColumnId })],
      [
        'reorder task',
        () =>
          owner('POST', `/api/tasks/${secondTask}/move`, { column_id: f.otherColumnId, before_id: f.taskId }),
      ],
      [
        'link commit',
        () =>
          owner('POST', `/api/tasks/${f.taskId}/commits`, { message: 'fix', url: 'https://example.com/c/1' }),
      ],
      ['clear commit', () => owner('DELETE', `/api/tasks/${f.taskId}/commits`)],
      ['add hours', () => owner('POST', `/api/tasks/${f.taskId}/hours`, { hours: 1, date: '2026-11-21' })],
      ['edit hours', () => owner('PUT', `/api/hours/${f.hourId}`, { hours: 3 })],
      ['delete hours', () => owner('DELETE', `/api/hours/${f.hourId}`)],
      ['add comment', () => owner('POST', `/api/tasks/${f.taskId}/comments`, { text: 'more' })],
      ['delete comment', () => owner('DELETE', `/api/comments/${f.commentId}`)],
      ['add checklist item', () => owner('POST', `/api/tasks/${f.taskId}/checklist`, { text: 'Draft' })],
      ['check item', () => owner('PUT', `/api/checklist/${f.checklistId}`, { status: 'done' })],
      ['delete checklist item', () => owner('DELETE', `/api/checklist/${f.checklistId}`)],
      ['upload file', async () => upload(c.t.app, c.ownerHeaders, f.taskId, 'b.png', await pngBytes())],
      ['delete file', () => owner('DELETE', `/api/attachments/${f.attachmentId}`)],
      [
        'create label',
        () => owner('POST', `/api/projects/${projectId}/labels`, { name: 'ui', color: '#00FF00' }),
      ],
      ['edit label', () => owner('PUT', `/api/labels/${f.labelId}`, { color: '#0000FF' })],
      ['delete label', () => owner('DELETE', `/api/labels/${f.labelId}`)],
      ['archive column', () => owner('POST', `/api/columns/${f.otherColumnId}/archive_tasks`)],
      ['complete column', () => owner('POST', `/api/columns/${f.columnId}/complete_tasks`)],
      ['delete task', () => owner('DELETE', `/api/tasks/${secondTask}`)],
      ['delete column', () => owner('DELETE', `/api/columns/${f.otherColumnId}`)],
    ];
  }

  it('changes with every kind of write that changes the board detail, and not with reads', async () => {
    const { f, projectId, owner } = c;
    const writes = await boardWrites();
    const reads = [
      `/api/boards/${f.boardId}`,
      `/api/projects/${projectId}/boards`,
      `/api/boards/${f.boardId}/tasks?archived=true`,
      `/api/tasks/${f.taskId}`,
      `/api/tasks/${f.taskId}/logs`,
      `/api/projects/${projectId}/labels`,
    ];
    let etag = await etagOf();
    for (const [name, write] of writes) {
      for (const url of reads) expect((await owner('GET', url)).statusCode, url).toBe(200);
      expect(await etagOf(), `a read changed the ETag (before ${name})`).toBe(etag);
      const response = await write();
      expect(response.statusCode, name).toBeLessThan(300);
      // The remembered version is dropped by the write's own event: never a 304 for the old one.
      const revalidated = await apiAs(c.t.app, c.ownerHeaders, { 'if-none-match': etag })(
        'GET',
        `/api/boards/${f.boardId}`,
      );
      expect(revalidated.statusCode, `${name}: revalidated`).toBe(200);
      const next = await etagOf();
      expect(next, name).not.toBe(etag);
      etag = next;
    }
  });

  it('brings its saved copy forward with each write’s event, equal to a fresh read, in one query at most', async () => {
    // A second app on the same database hears none of the first one's events: it reads afresh. It
    // keeps the first app's change stamps, as instances relaying them (Redis) would.
    const database = c.t.appDatabase.withHandle(c.t.db);
    const fresh = await buildApp({ config: c.t.config, database, clock: c.t.clock, mailer: c.t.mail });
    await fresh.ready();
    try {
      const freshDetail = async () =>
        (await apiAs(fresh, c.ownerHeaders)('GET', `/api/boards/${c.f.boardId}`)).json();
      const writes = await boardWrites();
      await etagOf();
      for (const [name, write] of writes) {
        expect((await write()).statusCode, name).toBeLessThan(300);
        counter.reset();
        const patched = await c.owner('GET', `/api/boards/${c.f.boardId}`);
        // The board's row is read again only after the board's own or its columns' changes; a card's
        // or a label's sets nothing of it but the version, which this instance bumped itself.
        const readsTheRow = ['edit board', 'board labels', 'create column', 'rename column', 'delete column'];
        expect(counter.count, `${name}: read from the saved copy`).toBe(readsTheRow.includes(name) ? 1 : 0);
        expect(patched.json(), name).toEqual(await freshDetail());
      }
    } finally {
      await fresh.close();
    }
  });

  it('a label change reaches every board of the project, another project is untouched', async () => {
    const { owner, projectId, f } = c;
    const second = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'Second' })).json().data
      .id as number;
    const otherProject = (await owner('POST', '/api/projects', { name: 'Q' })).json().data.id as number;
    const otherBoard = (await owner('POST', `/api/projects/${otherProject}/boards`, { name: 'Other' })).json()
      .data.id as number;
    const [a, b, other] = [await etagOf(f.boardId), await etagOf(second), await etagOf(otherBoard)];
    expect(new Set([a, b, other]).size).toBe(3);
    await owner('PUT', `/api/labels/${f.labelId}`, { name: 'defect' });
    expect(await etagOf(f.boardId)).not.toBe(a);
    expect(await etagOf(second)).not.toBe(b);
    expect(await etagOf(otherBoard)).toBe(other);
  });
});
