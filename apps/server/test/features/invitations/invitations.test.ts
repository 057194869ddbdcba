import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../../helpers/factories.js';
import { tokenFromLink } from '../../helpers/mailbox.js';
import { apiAs, counts, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('invitations, members and roles', () => {
  let t: TestApp;
  let ana: Api;
  let ben: Api;
  let benId: number;
  let projectId: number;
  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    benId = (await createUser(t.db, { email: 'ben@uni.example', name: 'Ben', language: 'es' })).id;
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    ben = apiAs(t.app, await signIn(t.app, 'ben@uni.example'));
    projectId = (await ana('POST', '/api/projects', { name: 'Board app', description: 'Kanban' })).json().data
      .id;
  });
  afterEach(() => t.close());

  it('invite → invitee sees it → accepts into a folder → role change → quit', async () => {
    const sent = await ana('POST', `/api/projects/${projectId}/invitations`, {
      email: ' Ben@Uni.example ',
      role: 'member',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual({
      id: expect.any(Number),
      email: 'ben@uni.example',
      role: 'member',
      date_sent: '2026-11-22T10:00:00.000Z',
    });
    const invitationId = sent.json().data.id;
    expect((await ana('GET', `/api/projects/${projectId}/invitations`)).json().data).toHaveLength(1);

    const received = await ben('GET', '/api/project_invitations/');
    expect(received.statusCode).toBe(200);
    expect(received.json().data).toEqual([
      {
        id: invitationId,
        sender_name: 'Ana',
        sender_image: null,
        project_name: 'Board app',
        project_id: projectId,
        project_description: 'Kanban',
        date_sent: '2026-11-22T10:00:00.000Z',
        role: 'member',
      },
    ]);
    expect((await ben('GET', '/api/project_invitations')).json().data).toHaveLength(1);

    const folder = (await ben('POST', '/api/folders', { name: 'Equipo' })).json().data;
    const accepted = await ben('POST', `/api/project_invitations/${invitationId}/accept_invitation`, {
      folder_id: folder.id,
    });
    expect(accepted.statusCode).toBe(200);
    // Ben's language is Spanish (the message follows cookie, Accept-Language, then his setting).
    expect(accepted.json().message).toBe('Te has unido al proyecto correctamente');
    expect(accepted.json().data).toMatchObject({
      id: projectId,
      role: 'member',
      folder_id: folder.id,
      order: 1,
    });
    expect((await ben('GET', '/api/project_invitations/')).json().data).toEqual([]);
    expect((await counts(t.db)).project_invitations).toBe(0);

    const benProjects = (await ben('GET', '/api/projects')).json().data;
    expect(benProjects).toHaveLength(1);
    expect(benProjects[0]).toMatchObject({ id: projectId, role: 'member' });
    expect(benProjects[0].members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['ana@uni.example', 'owner'],
      ['ben@uni.example', 'member'],
    ]);

    const changed = await ana('PUT', `/api/projects/${projectId}/members/${benId}`, { role: 'viewer' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({
      id: benId,
      name: 'Ben',
      email: 'ben@uni.example',
      role: 'viewer',
      image: null,
      // A viewer does not do the team's work (issue 44.3).
      is_team_worker: false,
    });
    // As a viewer, Ben can no longer edit.
    expect((await ben('PUT', `/api/projects/${projectId}`, { name: 'x' })).statusCode).toBe(403);
    expect((await ben('GET', `/api/projects/${projectId}`)).json().data.role).toBe('viewer');

    expect((await ben('DELETE', `/api/projects/${projectId}/membership`)).statusCode).toBe(204);
    const feed = (await ana('GET', '/api/activity')).json().data as { kind: string; actor_name: string }[];
    expect(feed[0]).toMatchObject({ kind: 'member.quit', actor_name: 'Ben' });
    expect((await ben('GET', '/api/projects')).json().data).toEqual([]);
    expect((await ben('GET', `/api/projects/${projectId}`)).statusCode).toBe(404);
    const members = (await ana('GET', `/api/projects/${projectId}/members`)).json().data;
    expect(members.map((m: { email: string }) => m.email)).toEqual(['ana@uni.example']);
    // Quitting ended Ben's placement too: his folder can now be deleted.
    expect((await ben('DELETE', `/api/folders/${folder.id}`)).statusCode).toBe(204);
  });

  it('mails the invitation in the invitee’s language with a link to Home', async () => {
    await ana('POST', `/api/projects/${projectId}/invitations`, { email: 'ben@uni.example', role: 'viewer' });
    const mail = t.mail.lastTo('ben@uni.example');
    expect(mail.subject).toBe('Ana te ha invitado a un proyecto en TeamBoard');
    expect(mail.text).toContain('«Board app»');
    expect(mail.text).toContain('Hola, Ben:');
    expect(mail.text).toContain('como observador');
    expect(mail.text).toContain(`${TEST_APP_URL}/home`);
    expect(mail.links).toEqual([`${TEST_APP_URL}/home`]);
  });

  it('mails an unregistered address in the inviter’s language, and the invitation waits for sign-up', async () => {
    const sent = await ana('POST', `/api/projects/${projectId}/invitations`, {
      email: 'carla@uni.example',
      role: 'owner',
    });
    expect(sent.statusCode).toBe(201);
    const mail = t.mail.lastTo('carla@uni.example');
    expect(mail.subject).toBe('Ana invited you to a project on TeamBoard');
    expect(mail.text).toContain('"Board app"');
    expect(mail.text).toContain('as owner');
    expect(mail.text).toContain('register with this email address');
    expect(mail.links).toEqual([`${TEST_APP_URL}/home`]);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        name: 'Carla',
        email: 'Carla@uni.example',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const link = t.mail.lastTo('carla@uni.example').links[0] ?? '';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { confirmation_token: tokenFromLink(link) },
    });
    expect(confirmed.statusCode).toBe(200);
    const carla = apiAs(t.app, await signIn(t.app, 'carla@uni.example'));
    const received = (await carla('GET', '/api/project_invitations/')).json().data;
    expect(received).toMatchObject([{ id: sent.json().data.id, project_id: projectId, role: 'owner' }]);
    const accepted = await carla('POST', `/api/project_invitations/${received[0].id}/accept_invitation/`, {
      folder_id: await defaultFolderId(carla),
    });
    expect(accepted.json().data).toMatchObject({ role: 'owner' });
  });

  it('updates a re-sent invitation instead of duplicating it', async () => {
    const first = await ana('POST', `/api/projects/${projectId}/invitations`, {
      email: 'ben@uni.example',
      role: 'member',
    });
    t.clock.advance(60_000);
    const again = await ana('POST', `/api/projects/${projectId}/invitations`, {
      email: 'BEN@uni.example',
      role: 'viewer',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({
      id: first.json().data.id,
      email: 'ben@uni.example',
      role: 'viewer',
      date_sent: '2026-11-22T10:01:00.000Z',
    });
    expect((await counts(t.db)).project_invitations).toBe(1);
    expect(t.mail.to('ben@uni.example')).toHaveLength(2);
  });

  it('lets the owner edit and delete a pending invitation; the invitee can reject', async () => {
    const id = (
      await ana('POST', `/api/projects/${projectId}/invitations`, {
        email: 'ben@uni.example',
        role: 'member',
      })
    ).json().data.id;
    const edited = await ana('PUT', `/api/project_invitations/${id}/`, { role: 'owner' });
    expect(edited.json().data).toMatchObject({ id, role: 'owner' });
    expect((await ben('GET', '/api/project_invitations/')).json().data[0].role).toBe('owner');
    expect((await ana('DELETE', `/api/project_invitations/${id}`)).statusCode).toBe(204);
    expect((await ben('GET', '/api/project_invitations/')).json().data).toEqual([]);

    const second = (
      await ana('POST', `/api/projects/${projectId}/invitations`, {
        email: 'ben@uni.example',
        role: 'member',
      })
    ).json().data.id;
    const rejected = await ben('POST', `/api/project_invitations/${second}/reject_invitation`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: 'La invitación ha sido rechazada.' });
    expect((await counts(t.db)).project_invitations).toBe(0);
    expect((await counts(t.db)).project_members).toBe(1);
  });

  it('answers the accept message in the request language', async () => {
    const id = (
      await ana('POST', `/api/projects/${projectId}/invitations`, {
        email: 'ben@uni.example',
        role: 'member',
      })
    ).json().data.id;
    const folderId = await defaultFolderId(ben);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/project_invitations/${id}/accept_invitation`,
      headers: { ...(await signIn(t.app, 'ben@uni.example')), 'accept-language': 'en' },
      payload: { folder_id: folderId },
    });
    expect(accepted.json().message).toBe('You joined the project successfully');
  });
});

describe.skipIf(!isDatabaseAvailable)('activity feed', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('shows the events of my projects and about me, newest first, paginated', async () => {
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    const benId = (await createUser(t.db, { email: 'ben@uni.example', name: 'Ben' })).id;
    await createUser(t.db, { email: 'eve@uni.example', name: 'Eve' });
    const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    const ben = apiAs(t.app, await signIn(t.app, 'ben@uni.example'));
    const eve = apiAs(t.app, await signIn(t.app, 'eve@uni.example'));
    await eve('POST', '/api/projects', { name: 'Not yours' });

    const id = (await ana('POST', '/api/projects', { name: 'Board' })).json().data.id;
    await ana('PUT', `/api/projects/${id}`, { name: 'Board app' });
    const inv = (
      await ana('POST', `/api/projects/${id}/invitations`, { email: 'ben@uni.example', role: 'member' })
    ).json().data.id;
    await ben('POST', `/api/project_invitations/${inv}/accept_invitation`, {
      folder_id: await defaultFolderId(ben),
    });
    await ana('PUT', `/api/projects/${id}/members/${benId}`, { role: 'viewer' });
    const inv2 = (
      await ana('POST', `/api/projects/${id}/invitations`, { email: 'eve@uni.example', role: 'viewer' })
    ).json().data.id;
    await eve('POST', `/api/project_invitations/${inv2}/reject_invitation`);
    await ana('DELETE', `/api/projects/${id}/members/${benId}`);

    const page1 = await ana('GET', '/api/activity?limit=3');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data.map((a: { kind: string }) => a.kind)).toEqual([
      'member.removed',
      'invitation.rejected',
      'invitation.sent',
    ]);
    expect(page1.json().data[0]).toEqual({
      id: expect.any(Number),
      kind: 'member.removed',
      actor_id: expect.any(Number),
      actor_name: 'Ana',
      project_id: id,
      project_name: 'Board app',
      subject_name: 'Ben',
      role: 'viewer',
      created_at: '2026-11-22T10:00:00.000Z',
    });
    const cursor = page1.json().next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const page2 = await ana('GET', `/api/activity?limit=3&cursor=${cursor}`);
    expect(page2.json().data.map((a: { kind: string }) => a.kind)).toEqual([
      'member.role_changed',
      'project.joined',
      'invitation.sent',
    ]);
    const page3 = await ana('GET', `/api/activity?limit=3&cursor=${page2.json().next_cursor}`);
    expect(page3.json()).toMatchObject({ next_cursor: null });
    expect(page3.json().data.map((a: { kind: string }) => a.kind)).toEqual([
      'project.updated',
      'project.created',
    ]);

    // Ben is no longer a member, but still sees what was done to him.
    const benFeed = (await ben('GET', '/api/activity')).json();
    expect(benFeed.data.map((a: { kind: string }) => a.kind)).toEqual([
      'member.removed',
      'member.role_changed',
      'invitation.sent',
    ]);
    expect(benFeed.next_cursor).toBeNull();
    // Eve sees her own project and the invitation she received, nothing of Ana's project otherwise.
    const eveFeed = (await eve('GET', '/api/activity')).json().data.map((a: { kind: string }) => a.kind);
    expect(eveFeed).toEqual(['invitation.sent', 'project.created']);
  });

  it('refuses a malformed cursor or limit', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    expect((await ana('GET', '/api/activity?cursor=abc')).statusCode).toBe(422);
    expect((await ana('GET', '/api/activity?limit=101')).statusCode).toBe(422);
    expect((await ana('GET', '/api/activity?limit=0')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });
});
