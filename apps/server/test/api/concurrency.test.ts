import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable, TEST_DIALECT } from '../helpers/database.js';
import { createUser, signIn } from '../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * "Count, then write" rules under requests fired at the same moment. On PostgreSQL the requests run
 * on separate pool connections, truly concurrently (db/row-locks.ts); SQLite serializes them.
 */
describe.runIf(isDatabaseAvailable)(`invariants under concurrent requests (${TEST_DIALECT})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  async function person(app: TestApp, name: string): Promise<{ id: number; api: Api }> {
    const row = await createUser(app.db, { name });
    return { id: row.id, api: apiAs(app.app, await signIn(app.app, row.email)) };
  }

  async function projectWithTwoOwners(app: TestApp) {
    const ana = await person(app, 'Ana');
    const beto = await person(app, 'Beto');
    const projectId = (await ana.api('POST', '/api/projects', { name: 'Two owners' })).json().data
      .id as number;
    await addMember(app.db, {
      projectId,
      userId: beto.id,
      role: 'owner',
      folderId: await defaultFolderId(beto.api),
    });
    return { ana, beto, projectId };
  }

  async function owners(app: TestApp, projectId: number): Promise<number> {
    const rows = await app.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('role', '=', 'owner')
      .execute();
    return rows.length;
  }

  it('never leaves a project without an owner when both owners quit at once (10 tries)', async () => {
    t = await buildTestApp();
    for (let attempt = 0; attempt < 10; attempt++) {
      const { ana, beto, projectId } = await projectWithTwoOwners(t);
      const answers = await Promise.all([
        ana.api('DELETE', `/api/projects/${projectId}/membership`),
        beto.api('DELETE', `/api/projects/${projectId}/membership`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect(await owners(t, projectId)).toBe(1);
    }
  });

  it('never leaves a project without an owner when both owners demote themselves at once (10 tries)', async () => {
    t = await buildTestApp();
    for (let attempt = 0; attempt < 10; attempt++) {
      const { ana, beto, projectId } = await projectWithTwoOwners(t);
      const demote = (who: { id: number; api: Api }) =>
        who.api('PUT', `/api/projects/${projectId}/members/${who.id}`, { role: 'member' });
      const answers = await Promise.all([demote(ana), demote(beto)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await owners(t, projectId)).toBe(1);
    }
  });

  it('creates exactly max_projects projects out of 20 concurrent creations', async () => {
    t = await buildTestApp();
    const ana = await person(t, 'Ana');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => ana.api('POST', '/api/projects', { name: `P${index}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 403).map((a) => a.json().code)).toEqual(
      Array(15).fill('MAX_PROJECTS_REACHED'),
    );
    const owned = await t.db
      .selectFrom('project_members')
      .select('id')
      .where('user_id', '=', ana.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owned).toHaveLength(5);
  });

  it('refuses to promote a user to owner of another project beyond their max_projects, with the same message', async () => {
    t = await buildTestApp();
    const ana = await person(t, 'Ana');
    const beto = await person(t, 'Beto');
    await setAccount(t.db, beto.id, { max_projects: 1 });
    await beto.api('POST', '/api/projects', { name: "Beto's own" });
    const projectId = (await ana.api('POST', '/api/projects', { name: "Ana's" })).json().data.id as number;
    await addMember(t.db, {
      projectId,
      userId: beto.id,
      role: 'member',
      folderId: await defaultFolderId(beto.api),
    });
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/members/${beto.id}`,
      headers: {
        ...(await signIn(
          t.app,
          (await t.db.selectFrom('users').select('email').where('id', '=', ana.id).executeTakeFirstOrThrow())
            .email,
        )),
        'accept-language': 'es',
      },
      payload: { role: 'owner' },
    });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().code).toBe('MAX_PROJECTS_REACHED');
    expect(promoted.json().errors[0]).toMatch(/1/);
    const role = await t.db
      .selectFrom('project_members')
      .select('role')
      .where('project_id', '=', projectId)
      .where('user_id', '=', beto.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('member');
  });

  it('keeps one invitation per project and address when the same address is invited at once', async () => {
    t = await buildTestApp();
    const ana = await person(t, 'Ana');
    const projectId = (await ana.api('POST', '/api/projects', { name: 'Invites' })).json().data.id as number;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ana.api('POST', `/api/projects/${projectId}/invitations`, {
          email: 'new@uni.example',
          role: 'member',
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode < 300)).toBe(true);
    const rows = await t.db
      .selectFrom('project_invitations')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
