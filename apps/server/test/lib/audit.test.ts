import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/lib/audit.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const NEW_PASSWORD = 'a brand new passphrase';
const RESET_PASSWORD = 'reset passphrase 2026';

/**
 * The audit log: security-relevant events as `{"audit": {...}}` log lines with time (UTC), user, IP,
 * route and request id — and never a password or a token anywhere in the log.
 */
describe.skipIf(!isDatabaseAvailable)('audit log', () => {
  let t: TestApp;
  const lines: string[] = [];
  const secrets: string[] = [PASSWORD, NEW_PASSWORD, RESET_PASSWORD, 'wrong guess 123'];

  function auditEntries(): AuditEntry[] {
    return lines
      .map((line) => JSON.parse(line) as { audit?: AuditEntry })
      .flatMap((entry) => (entry.audit ? [entry.audit] : []));
  }

  /** The one audit entry of the request that answered `response`. */
  function entryOf(response: { headers: Record<string, unknown> }): AuditEntry {
    const matching = auditEntries().filter((entry) => entry.request_id === response.headers['x-request-id']);
    expect(matching).toHaveLength(1);
    return matching[0]!;
  }

  /** Signs `email` in (its tokens join the secrets the log must not hold): an API as them, and their id. */
  async function signedInAs(email: string): Promise<{ api: Api; id: number }> {
    const headers = await signIn(t.app, email);
    secrets.push(headers['access-token'], headers.client);
    const api = apiAs(t.app, headers);
    return { api, id: (await api('GET', '/api/auth/validate_token')).json().data.id as number };
  }

  beforeAll(async () => {
    t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
    for (const name of ['owner', 'member', 'viewer', 'invitee']) {
      await createUser(t.db, { email: `${name}@uni.example` });
    }
  });
  afterAll(() => t?.close());

  it('records a failed sign-in with the attempted email, the reason, the IP and the request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      remoteAddress: '203.0.113.7',
      payload: { email: 'Owner@Uni.Example', password: 'wrong guess 123' },
    });
    expect(response.statusCode).toBe(401);
    expect(entryOf(response)).toEqual({
      event: 'sign_in.failed',
      at: '2026-11-22T10:00:00.000Z',
      user_id: null,
      ip: '203.0.113.7',
      route: 'POST /api/auth/sign_in',
      request_id: response.headers['x-request-id'],
      email: 'owner@uni.example',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('records a successful sign-in with the user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'viewer@uni.example', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    secrets.push(String(response.headers['access-token']), String(response.headers.client));
    const viewer = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'viewer@uni.example')
      .executeTakeFirstOrThrow();
    expect(entryOf(response)).toMatchObject({
      event: 'sign_in.succeeded',
      user_id: viewer.id,
      ip: '127.0.0.1',
    });
  });

  it('records permission denials: signed out (401) and a role that may not (403)', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/folders' });
    expect(signedOut.statusCode).toBe(401);
    expect(entryOf(signedOut)).toMatchObject({
      event: 'access.denied',
      user_id: null,
      route: 'GET /api/folders',
      status: 401,
      code: 'UNAUTHORIZED',
    });

    const { api: owner } = await signedInAs('owner@uni.example');
    const projectId = (await owner('POST', '/api/projects', { name: 'Audited' })).json().data.id as number;
    const { api: viewerApi, id: viewerId } = await signedInAs('viewer@uni.example');
    await addMember(t.db, {
      projectId,
      userId: viewerId,
      role: 'viewer',
      folderId: await defaultFolderId(viewerApi),
    });
    const refused = await viewerApi('PUT', `/api/projects/${projectId}`, { name: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(entryOf(refused)).toMatchObject({
      event: 'access.denied',
      user_id: viewerId,
      route: 'PUT /api/projects/:id',
      status: 403,
    });
  });

  it('records joining, role changes, removals and quitting with the project', async () => {
    const { api: owner, id: ownerId } = await signedInAs('owner@uni.example');
    const projectId = (await owner('POST', '/api/projects', { name: 'Team' })).json().data.id as number;
    const invited = await owner('POST', `/api/projects/${projectId}/invitations`, {
      email: 'invitee@uni.example',
      role: 'member',
    });
    const { api: invitee, id: inviteeId } = await signedInAs('invitee@uni.example');
    const joined = await invitee(
      'POST',
      `/api/project_invitations/${invited.json().data.id}/accept_invitation`,
      {
        folder_id: await defaultFolderId(invitee),
      },
    );
    expect(joined.statusCode).toBe(200);
    expect(entryOf(joined)).toMatchObject({
      event: 'member.joined',
      user_id: inviteeId,
      project_id: projectId,
      role: 'member',
    });

    const changed = await owner('PUT', `/api/projects/${projectId}/members/${inviteeId}`, { role: 'viewer' });
    expect(changed.statusCode).toBe(200);
    expect(entryOf(changed)).toMatchObject({
      event: 'member.role_changed',
      user_id: ownerId,
      route: 'PUT /api/projects/:id/members/:user_id',
      project_id: projectId,
      member_id: inviteeId,
      role: 'viewer',
    });

    const removed = await owner('DELETE', `/api/projects/${projectId}/members/${inviteeId}`);
    expect(removed.statusCode).toBe(204);
    expect(entryOf(removed)).toMatchObject({
      event: 'member.removed',
      user_id: ownerId,
      member_id: inviteeId,
    });

    const { api: member, id: memberId } = await signedInAs('member@uni.example');
    const folderId = await defaultFolderId(member);
    await addMember(t.db, { projectId, userId: memberId, role: 'member', folderId });
    const quit = await member('DELETE', `/api/projects/${projectId}/membership`);
    expect(quit.statusCode).toBe(204);
    expect(entryOf(quit)).toMatchObject({ event: 'member.quit', user_id: memberId, project_id: projectId });
  });

  it('records password changes and resets', async () => {
    const { api: member } = await signedInAs('member@uni.example');
    const changed = await member('PUT', '/api/auth', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(entryOf(changed)).toMatchObject({ event: 'password.changed' });

    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot',
      payload: { email: 'member@uni.example' },
    });
    const token = t.mail.lastTo('member@uni.example').links[0]!.split('/').at(-1)!;
    secrets.push(token);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${token}/reset`,
      payload: { password: RESET_PASSWORD, password_confirmation: RESET_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(entryOf(reset)).toMatchObject({ event: 'password.reset', user_id: changed.json().data.id });
  });

  it('has written no password and no token anywhere in the log', () => {
    const log = lines.join('');
    expect(auditEntries().length).toBeGreaterThanOrEqual(10);
    const found = secrets.filter((secret) => log.includes(secret));
    console.log(
      `audit log: ${lines.length} log lines scanned for ${secrets.length} secrets, ${found.length} found`,
    );
    expect(found).toEqual([]);
  });
});
