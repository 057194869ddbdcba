import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { snapshotAll } from '../../helpers/permission-matrix.js';
import { apiAs, setAccount, type Api } from '../../helpers/projects.js';
import { connectSocket, listenOnLoopback, type TestSocket } from '../../helpers/sockets.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** The dashboard's Users, Admins and Audit tabs (docs/api-admin-users.md). */
describe.runIf(isDatabaseAvailable)('dashboard users, admins and audit', () => {
  let t: TestApp;
  let adminId: number;
  let adminHeaders: TokenHeaders;
  let admin: Api;
  const sockets: TestSocket[] = [];

  beforeEach(async () => {
    t = await buildTestApp();
    adminId = (await createUser(t.db, { email: 'ada@uni.example', name: 'Ada Admin' })).id;
    await setAccount(t.db, adminId, { account_type: 'admin', max_projects: null });
    adminHeaders = await signIn(t.app, 'ada@uni.example');
    admin = apiAs(t.app, adminHeaders);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await t.close();
  });

  async function student(email: string, name: string, course: Record<string, unknown> = {}) {
    const user = await createUser(t.db, { email, name });
    if (Object.keys(course).length > 0) {
      await t.db.updateTable('users').set(course).where('id', '=', user.id).execute();
    }
    return user.id;
  }

  const ids = (body: { data: { id: number }[] }) => body.data.map((user) => user.id);

  it('searches by name or email, filters by account type and course, and pages with a cursor', async () => {
    const bea = await student('bea@uni.example', 'Beatriz Núñez', {
      year: 2026,
      semester: '2026-2',
      section: 'A',
      group: '1',
    });
    const carl = await student('carl@other.example', 'Carl Smith', {
      year: 2026,
      semester: '2026-2',
      section: 'B',
    });
    const dana = await student('dana@uni.example', 'Dana 100%_Sure', { year: 2025, semester: '2025-1' });
    const teo = await student('teo@uni.example', 'Teo Teacher');
    await setAccount(t.db, teo, { account_type: 'teacher', max_projects: null });

    const all = await admin('GET', '/api/admin/users');
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all.json())).toEqual([teo, dana, carl, bea, adminId]);
    expect(all.json().next_cursor).toBeNull();
    expect(all.json().data[0]).toMatchObject({
      email: 'teo@uni.example',
      account_type: 'teacher',
      max_projects: null,
      blocked_at: null,
    });

    expect(ids((await admin('GET', '/api/admin/users?q=BEATRIZ')).json())).toEqual([bea]);
    expect(ids((await admin('GET', '/api/admin/users?q=other.example')).json())).toEqual([carl]);
    // LIKE wildcards in the search are plain characters.
    expect(ids((await admin('GET', '/api/admin/users?q=100%25_')).json())).toEqual([dana]);
    expect(ids((await admin('GET', '/api/admin/users?q=%25')).json())).toEqual([dana]);
    expect(ids((await admin('GET', '/api/admin/users?account_type=teacher')).json())).toEqual([teo]);
    expect(ids((await admin('GET', '/api/admin/users?year=2026&semester=2026-2')).json())).toEqual([
      carl,
      bea,
    ]);
    expect(ids((await admin('GET', '/api/admin/users?section=A&group=1')).json())).toEqual([bea]);
    expect(ids((await admin('GET', '/api/admin/users?q=uni.example&account_type=user')).json())).toEqual([
      dana,
      bea,
    ]);

    const first = (await admin('GET', '/api/admin/users?limit=2')).json();
    expect(ids(first)).toEqual([teo, dana]);
    expect(first.next_cursor).toBe(String(dana));
    const second = (await admin('GET', `/api/admin/users?limit=2&cursor=${first.next_cursor}`)).json();
    expect(ids(second)).toEqual([carl, bea]);
    const third = (await admin('GET', `/api/admin/users?limit=2&cursor=${second.next_cursor}`)).json();
    expect(ids(third)).toEqual([adminId]);
    expect(third.next_cursor).toBeNull();

    expect((await admin('GET', '/api/admin/users?cursor=abc')).statusCode).toBe(422);
    expect((await admin('GET', '/api/admin/users?limit=101')).statusCode).toBe(422);
    expect((await admin('GET', '/api/admin/users?account_type=owner')).statusCode).toBe(422);
  });

  it('changes the account type on live sessions at once, with max_projects and audit entries', async () => {
    const sam = await student('sam@uni.example', 'Sam Student');
    const sams = apiAs(t.app, await signIn(t.app, 'sam@uni.example'));
    expect((await sams('GET', '/api/knowledge_forms')).statusCode).toBe(403);

    const promoted = await admin('PUT', `/api/admin/users/${sam}`, { account_type: 'teacher' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ account_type: 'teacher', max_projects: null });
    // The same session, next request: the new type (the remembered session forgot the old row).
    expect((await sams('GET', '/api/knowledge_forms')).statusCode).toBe(200);
    expect((await sams('GET', '/api/auth/validate_token')).json().data.account_type).toBe('teacher');

    const back = await admin('PUT', `/api/admin/users/${sam}`, { account_type: 'user', max_projects: 8 });
    expect(back.json().data).toMatchObject({ account_type: 'user', max_projects: 8 });
    expect((await sams('GET', '/api/knowledge_forms')).statusCode).toBe(403);
    expect(
      (await admin('PUT', `/api/admin/users/${sam}`, { max_projects: null })).json().data.max_projects,
    ).toBe(null);

    const invalid = [
      {},
      { max_projects: -1 },
      { max_projects: 1001 },
      { account_type: 'root' },
      { name: 'x' },
    ];
    for (const payload of invalid) {
      expect(
        (await admin('PUT', `/api/admin/users/${sam}`, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    }
    // The code the dashboard form shows for the same value (issue 44.9): one schema, one message.
    for (const max_projects of [-3, 2.5, 1001]) {
      const refused = await admin('PUT', `/api/admin/users/${sam}`, { max_projects });
      expect(refused.json().code, String(max_projects)).toBe('MAX_PROJECTS_NOT_VALID');
    }
    expect((await admin('PUT', '/api/admin/users/987654', { max_projects: 3 })).statusCode).toBe(404);

    const audit = (await admin('GET', '/api/admin/audit_events?event=account.type_changed')).json();
    expect(audit.data.map((entry: { details: object }) => entry.details)).toEqual([
      expect.objectContaining({ target_id: sam, from: 'teacher', to: 'user' }),
      expect.objectContaining({ target_id: sam, from: 'user', to: 'teacher' }),
    ]);
    expect(audit.data[0]).toMatchObject({
      user_id: adminId,
      user_name: 'Ada Admin',
      user_email: 'ada@uni.example',
      route: 'PUT /api/admin/users/:id',
    });
    const limits = (await admin('GET', '/api/admin/audit_events?event=account.max_projects_changed')).json();
    expect(limits.data.map((entry: { details: { to: unknown } }) => entry.details.to)).toEqual([
      null,
      8,
      null,
    ]);
  });

  it('blocks a user: their next request is 401, their sockets close, sign-in explains; unblock restores', async () => {
    const sam = await student('sam@uni.example', 'Sam Student');
    const samHeaders = await signIn(t.app, 'sam@uni.example');
    const otherDevice = await signIn(t.app, 'sam@uni.example');
    const baseUrl = await listenOnLoopback(t.app);
    const socket = await connectSocket(baseUrl, samHeaders);
    sockets.push(socket);
    expect((await apiAs(t.app, samHeaders)('GET', '/api/projects')).statusCode).toBe(200);

    const blocked = await admin('PUT', `/api/admin/users/${sam}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.blocked_at).toEqual(expect.any(String));

    expect((await apiAs(t.app, samHeaders)('GET', '/api/projects')).statusCode).toBe(401);
    expect((await apiAs(t.app, otherDevice)('GET', '/api/projects')).statusCode).toBe(401);
    await socket.until(() => !socket.socket.connected, 'the blocked user socket to close');
    const sessions = await t.db.selectFrom('auth_sessions').select('id').where('user_id', '=', sam).execute();
    expect(sessions).toEqual([]);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'sam@uni.example', password: 'correct horse battery' },
    });
    expect(signInAgain.json().code).toBe('ACCOUNT_BLOCKED');

    // Blocking again changes nothing and writes no second entry.
    expect((await admin('PUT', `/api/admin/users/${sam}/block`)).statusCode).toBe(200);
    const unblocked = await admin('DELETE', `/api/admin/users/${sam}/block`);
    expect(unblocked.json().data.blocked_at).toBeNull();
    expect(
      (await apiAs(t.app, await signIn(t.app, 'sam@uni.example'))('GET', '/api/projects')).statusCode,
    ).toBe(200);
    const kinds = (await admin('GET', '/api/admin/audit_events?user=ada'))
      .json()
      .data.map((entry: { event: string }) => entry.event);
    expect(kinds.filter((kind: string) => kind.startsWith('account.'))).toEqual([
      'account.unblocked',
      'account.blocked',
    ]);
  });

  it('keeps an admin from blocking their own account', async () => {
    const before = await snapshotAll(t.db);
    const response = await admin('PUT', `/api/admin/users/${adminId}/block`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CANNOT_BLOCK_SELF',
      errors: ['You cannot block your own account.'],
    });
    expect(await snapshotAll(t.db)).toEqual(before);
  });

  it('protects the last active admin with a localized error; an admin may step down while another remains', async () => {
    for (const [method, url, payload] of [
      ['DELETE', `/api/admin/admins/${adminId}`, undefined],
      ['PUT', `/api/admin/users/${adminId}`, { account_type: 'teacher' }],
    ] as const) {
      const before = await snapshotAll(t.db);
      const response = await admin(method, url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().code).toBe('LAST_ADMIN');
      expect(await snapshotAll(t.db)).toEqual(before);
    }
    const spanish = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/admins/${adminId}`,
      headers: { ...adminHeaders, 'accept-language': 'es' },
    });
    expect(spanish.json().errors).toEqual([
      'Es el último administrador: nombra antes a otra persona administradora.',
    ]);

    // A blocked admin does not count as one who can still act.
    const cy = await student('cy@uni.example', 'Cy Blocked');
    await setAccount(t.db, cy, { account_type: 'admin', max_projects: null });
    await t.db
      .updateTable('users')
      .set({ blocked_at: '2026-11-20T00:00:00.000Z' })
      .where('id', '=', cy)
      .execute();
    expect((await admin('DELETE', `/api/admin/admins/${adminId}`)).json().code).toBe('LAST_ADMIN');
    // Removing the blocked one is fine.
    expect((await admin('DELETE', `/api/admin/admins/${cy}`)).statusCode).toBe(204);
    // Only admins are removed from the Admins tab.
    expect((await admin('DELETE', `/api/admin/admins/${cy}`)).statusCode).toBe(404);

    const bob = await student('bob@uni.example', 'Bob Second');
    const added = await admin('POST', '/api/admin/admins', { email: ' BOB@uni.example ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ id: bob, account_type: 'admin', max_projects: null });
    expect((await admin('POST', '/api/admin/admins', { email: 'bob@uni.example' })).statusCode).toBe(201);
    const unknown = await admin('POST', '/api/admin/admins', { email: 'nobody@uni.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ADMIN_EMAIL_NOT_FOUND');
    expect(ids((await admin('GET', '/api/admin/admins')).json())).toEqual([adminId, bob]);

    // Ada steps down: her next request is no longer an admin's.
    expect((await admin('DELETE', `/api/admin/admins/${adminId}`)).statusCode).toBe(204);
    const ada = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(ada).toMatchObject({ account_type: 'user', max_projects: 5 });
    expect((await admin('GET', '/api/admin/admins')).statusCode).toBe(403);
    const bobs = apiAs(t.app, await signIn(t.app, 'bob@uni.example'));
    expect(ids((await bobs('GET', '/api/admin/admins')).json())).toEqual([bob]);
    expect((await bobs('DELETE', `/api/admin/admins/${bob}`)).json().code).toBe('LAST_ADMIN');

    const entries = (await bobs('GET', '/api/admin/audit_events?event=admin.removed')).json().data;
    expect(entries.map((entry: { details: { target_id: number } }) => entry.details.target_id)).toEqual([
      adminId,
      cy,
    ]);
    const adds = (await bobs('GET', '/api/admin/audit_events?event=admin.added')).json().data;
    expect(adds).toHaveLength(1);
    expect(adds[0]).toMatchObject({ user_id: adminId, details: expect.objectContaining({ target_id: bob }) });
  });

  it('resends the confirmation mail of an unconfirmed account only', async () => {
    const newcomer = await createUser(t.db, { email: 'new@uni.example', isConfirmed: false });
    const response = await admin('POST', `/api/admin/users/${newcomer.id}/confirmation`);
    expect(response.statusCode, response.body).toBe(204);
    expect(t.mail.lastTo('new@uni.example').text).toContain('confirmation_token=');
    const confirmed = await student('done@uni.example', 'Done Already');
    expect((await admin('POST', `/api/admin/users/${confirmed}/confirmation`)).json().code).toBe(
      'ACCOUNT_ALREADY_CONFIRMED',
    );
    const blocked = await createUser(t.db, { email: 'blk@uni.example', isConfirmed: false, isBlocked: true });
    expect((await admin('POST', `/api/admin/users/${blocked.id}/confirmation`)).json().code).toBe(
      'ACCOUNT_IS_BLOCKED',
    );
    expect((await admin('POST', '/api/admin/users/987654/confirmation')).statusCode).toBe(404);
    const entries = (await admin('GET', '/api/admin/audit_events?event=account.confirmation_resent')).json()
      .data;
    expect(entries).toHaveLength(1);
  });

  it('keeps the audit log in the database too, searchable by user, kind and day, paged', async () => {
    await student('sam@uni.example', 'Sam Student');
    await signIn(t.app, 'sam@uni.example');
    t.clock.advance(2 * 24 * 3600 * 1000);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'sam@uni.example', password: 'wrong password here' },
    });
    expect(failed.statusCode).toBe(401);
    // A refusal is audited too (access.denied), with who asked.
    const samHeaders = await signIn(t.app, 'sam@uni.example');
    expect((await apiAs(t.app, samHeaders)('GET', '/api/admin/users')).statusCode).toBe(403);

    const all = (await admin('GET', '/api/admin/audit_events')).json().data;
    expect(all.map((entry: { event: string }) => entry.event)).toEqual([
      'access.denied',
      'sign_in.succeeded',
      'sign_in.failed',
      'sign_in.succeeded',
      'sign_in.succeeded',
    ]);
    expect(all[0]).toMatchObject({
      user_name: 'Sam Student',
      route: 'GET /api/admin/users',
      details: expect.objectContaining({ status: 403, code: 'FORBIDDEN' }),
      at: '2026-11-24T10:00:00.000Z',
    });

    const bySam = (await admin('GET', '/api/admin/audit_events?user=SAM')).json().data;
    expect(bySam.map((entry: { event: string }) => entry.event)).toEqual([
      'access.denied',
      'sign_in.succeeded',
      'sign_in.succeeded',
    ]);
    const failures = (await admin('GET', '/api/admin/audit_events?event=sign_in.failed')).json().data;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      user_id: null,
      details: expect.objectContaining({ email: 'sam@uni.example' }),
    });
    const firstDay = (await admin('GET', '/api/admin/audit_events?from=2026-11-22&to=2026-11-22')).json()
      .data;
    expect(firstDay).toHaveLength(2);
    const later = (await admin('GET', '/api/admin/audit_events?from=2026-11-23')).json().data;
    expect(later).toHaveLength(3);
    expect((await admin('GET', '/api/admin/audit_events?from=2026-11-23&to=2026-11-22')).statusCode).toBe(
      422,
    );
    expect((await admin('GET', '/api/admin/audit_events?from=22-11-2026')).statusCode).toBe(422);

    const first = (await admin('GET', '/api/admin/audit_events?limit=3')).json();
    expect(first.data).toHaveLength(3);
    const rest = (await admin('GET', `/api/admin/audit_events?limit=3&cursor=${first.next_cursor}`)).json();
    // The listing calls above are not audited; the page continues where the first one ended.
    expect([...first.data, ...rest.data].map((entry: { id: number }) => entry.id)).toEqual(
      all.map((entry: { id: number }) => entry.id),
    );
    expect(rest.next_cursor).toBeNull();
  });
});
