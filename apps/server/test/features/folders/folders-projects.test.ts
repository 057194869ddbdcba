import { DEFAULT_FOLDER_NAME } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, counts, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { QueryCounter } from '../../helpers/query-counter.js';

describe.skipIf(!isDatabaseAvailable)('folders', () => {
  let t: TestApp;
  let ana: Api;
  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
  });
  afterEach(() => t.close());

  it('creates the default folder at first need, once', async () => {
    const first = await ana('GET', '/api/folders');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual([
      { id: expect.any(Number), name: DEFAULT_FOLDER_NAME, is_archived: false, is_default: true },
    ]);
    await ana('GET', '/api/folders');
    expect((await counts(t.db)).folders).toBe(1);
  });

  it('creates, renames, archives, unarchives and deletes a folder', async () => {
    const created = await ana('POST', '/api/folders', { name: '  Semester 1 ' });
    expect(created.statusCode).toBe(201);
    const folder = created.json().data;
    expect(folder).toEqual({
      id: expect.any(Number),
      name: 'Semester 1',
      is_archived: false,
      is_default: false,
    });

    const renamed = await ana('PUT', `/api/folders/${folder.id}`, { name: 'Semester 2' });
    expect(renamed.json().data.name).toBe('Semester 2');
    const archived = await ana('PUT', `/api/folders/${folder.id}`, { is_archived: true });
    expect(archived.json().data.is_archived).toBe(true);
    const unarchived = await ana('PUT', `/api/folders/${folder.id}`, { is_archived: false });
    expect(unarchived.json().data.is_archived).toBe(false);

    const list = await ana('GET', '/api/folders');
    expect(list.json().data.map((f: { name: string }) => f.name)).toEqual([
      DEFAULT_FOLDER_NAME,
      'Semester 2',
    ]);
    expect((await ana('DELETE', `/api/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await ana('GET', '/api/folders')).json().data).toHaveLength(1);
  });
});

describe.skipIf(!isDatabaseAvailable)('projects', () => {
  let t: TestApp;
  let ana: Api;
  let ben: Api;
  let benId: number;
  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    benId = (await createUser(t.db, { email: 'ben@uni.example', name: 'Ben' })).id;
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    ben = apiAs(t.app, await signIn(t.app, 'ben@uni.example'));
  });
  afterEach(() => t.close());

  it('creates a project owned by the caller, filed last in the default folder', async () => {
    const folderId = await defaultFolderId(ana);
    const first = await ana('POST', '/api/projects', {
      name: 'Board app',
      description: 'Kanban',
      is_private: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.any(Number),
      name: 'Board app',
      description: 'Kanban',
      role: 'owner',
      has_github: false,
      is_private: true,
      time_zone: null,
      course: { year: null, semester: null, section: null, group: null },
      is_favorite: false,
      members: [
        {
          id: expect.any(Number),
          name: 'Ana',
          email: 'ana@uni.example',
          role: 'owner',
          image: null,
          is_team_worker: true,
        },
      ],
      folder_id: folderId,
      order: 1,
      created_at: '2026-11-22T10:00:00.000Z',
    });
    const second = await ana('POST', '/api/projects', { name: 'Second' });
    expect(second.json().data).toMatchObject({ order: 2, is_private: false, description: '' });
  });

  it('files a new project in a chosen folder', async () => {
    const folder = (await ana('POST', '/api/folders', { name: 'Team' })).json().data;
    const created = await ana('POST', '/api/projects', { name: 'P', folder_id: folder.id });
    expect(created.json().data).toMatchObject({ folder_id: folder.id, order: 1 });
  });

  it('edits name, description and privacy, and answers it to GET', async () => {
    const id = (await ana('POST', '/api/projects', { name: 'P' })).json().data.id;
    const edited = await ana('PUT', `/api/projects/${id}`, { name: 'Q', description: 'd', is_private: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Q',
      description: 'd',
      is_private: true,
      role: 'owner',
    });
    expect((await ana('GET', `/api/projects/${id}`)).json().data).toMatchObject({ name: 'Q' });
  });

  it('deletes a project with its memberships, placements and invitations (no orphans)', async () => {
    const id = (await ana('POST', '/api/projects', { name: 'P' })).json().data.id;
    await addMember(t.db, {
      projectId: id,
      userId: benId,
      role: 'member',
      folderId: await defaultFolderId(ben),
    });
    await ana('POST', `/api/projects/${id}/invitations`, { email: 'carla@uni.example', role: 'viewer' });
    const keep = (await ana('POST', '/api/projects', { name: 'Keep' })).json().data.id;
    expect((await ana('DELETE', `/api/projects/${id}`)).statusCode).toBe(204);

    const left = async (table: 'project_members' | 'project_invitations' | 'activities') =>
      t.db.selectFrom(table).select('id').where('project_id', '=', id).execute();
    expect(await left('project_members')).toEqual([]);
    expect(await left('project_invitations')).toEqual([]);
    expect(await left('activities')).toEqual([]);
    expect(await t.db.selectFrom('projects').select('id').where('id', '=', id).execute()).toEqual([]);
    expect((await ana('GET', `/api/projects/${id}`)).statusCode).toBe(404);
    expect((await ben('GET', '/api/projects')).json().data).toEqual([]);
    expect((await ana('GET', '/api/projects')).json().data.map((p: { id: number }) => p.id)).toEqual([keep]);
  });

  it('keeps favorite, order and folder per user, independently', async () => {
    const id = (await ana('POST', '/api/projects', { name: 'Shared' })).json().data.id;
    const benDefault = await defaultFolderId(ben);
    await addMember(t.db, { projectId: id, userId: benId, role: 'member', folderId: benDefault });
    const anaFolder = (await ana('POST', '/api/folders', { name: 'Ana files' })).json().data.id;
    await ana('POST', '/api/projects', { name: 'Already there', folder_id: anaFolder });

    const moved = await ana('PUT', `/api/projects/${id}/placement`, {
      folder_id: anaFolder,
      is_favorite: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ folder_id: anaFolder, is_favorite: true, order: 2 });
    const reordered = await ana('PUT', `/api/projects/${id}/placement`, { order: 0.5 });
    expect(reordered.json().data).toMatchObject({ folder_id: anaFolder, order: 0.5 });

    const forBen = (await ben('GET', `/api/projects/${id}`)).json().data;
    expect(forBen).toMatchObject({ folder_id: benDefault, is_favorite: false, order: 1, role: 'member' });
    const benMoved = await ben('PUT', `/api/projects/${id}/placement`, { is_favorite: true, order: 7 });
    expect(benMoved.json().data).toMatchObject({ is_favorite: true, order: 7 });
    expect((await ana('GET', `/api/projects/${id}`)).json().data).toMatchObject({
      order: 0.5,
      folder_id: anaFolder,
    });

    // Ana's list is ordered by folder and order.
    const list = (await ana('GET', '/api/projects')).json().data as { name: string; order: number }[];
    expect(list.map((p) => [p.name, p.order])).toEqual([
      ['Shared', 0.5],
      ['Already there', 1],
    ]);
  });

  it('lists the caller’s projects with their members in a bounded number of queries', async () => {
    // The app's database is wrapped in a Kysely plugin that counts every query it compiles.
    const counter = new QueryCounter();
    const counted = await buildTestApp({ wrapDb: (db) => db.withPlugin(counter.plugin) });
    try {
      const owner = await createUser(counted.db, { email: 'many@uni.example' });
      await setAccount(counted.db, owner.id, { max_projects: null });
      const other = await createUser(counted.db, { email: 'other@uni.example' });
      const api = apiAs(counted.app, await signIn(counted.app, 'many@uni.example'));
      const otherFolder = await defaultFolderId(
        apiAs(counted.app, await signIn(counted.app, 'other@uni.example')),
      );
      const measure = async () => {
        await api('GET', '/api/projects'); // the session is then remembered (src/lib/change-stamps.ts)
        counter.reset();
        const response = await api('GET', '/api/projects');
        expect(response.statusCode).toBe(200);
        return { queries: counter.count, projects: response.json().data as { members: unknown[] }[] };
      };
      for (let i = 0; i < 2; i++) await api('POST', '/api/projects', { name: `P${i}` });
      const few = await measure();
      for (let i = 2; i < 200; i++) {
        const id = (await api('POST', '/api/projects', { name: `P${i}` })).json().data.id;
        await addMember(counted.db, {
          projectId: id,
          userId: other.id,
          role: 'viewer',
          folderId: otherFolder,
        });
      }
      const many = await measure();
      expect(many.projects).toHaveLength(200);
      expect(many.projects[199]?.members).toHaveLength(2);
      // Projects + members (the session is remembered); the same with 2 or 200.
      expect(many.queries).toBe(few.queries);
      expect(many.queries).toBe(2);
    } finally {
      await counted.close();
    }
  });
});
