import { applyBoardEvent, SOCKET_ID_HEADER, type BoardDetail } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { apiAs, defaultFolderId, type Api } from '../helpers/projects.js';
import { connectSocket, listenOnLoopback, settle, type TestSocket } from '../helpers/sockets.js';
import { buildTestApp } from '../helpers/test-app.js';

describe.runIf(isDatabaseAvailable)('real-time board channel (one instance)', () => {
  let p: BoardProject;
  let baseUrl: string;
  let memberHeaders: TokenHeaders;
  let member: Api;
  const sockets: TestSocket[] = [];

  async function open(headers: TokenHeaders | null): Promise<TestSocket> {
    const socket = await connectSocket(baseUrl, headers);
    sockets.push(socket);
    return socket;
  }

  async function fetchBoard(api: Api = member): Promise<BoardDetail> {
    const response = await api('GET', `/api/boards/${p.f.boardId}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as BoardDetail;
  }

  beforeEach(async () => {
    const t = await buildTestApp();
    p = await setUpBoardProject(t);
    memberHeaders = await signIn(t.app, 'member@uni.example');
    member = apiAs(t.app, memberHeaders);
    baseUrl = await listenOnLoopback(t.app);
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await p.t.close();
  });

  it('refuses a socket without valid token headers', async () => {
    await expect(open(null)).rejects.toThrow('UNAUTHORIZED');
    await expect(open({ ...memberHeaders, 'access-token': 'forged' })).rejects.toThrow('UNAUTHORIZED');
  });

  it('lets a member join a board, and keeps a non-member out of it', async () => {
    await createUser(p.t.db, { email: 'outsider@uni.example', name: 'Otto Outsider' });
    const outsider = await open(await signIn(p.t.app, 'outsider@uni.example'));
    const memberSocket = await open(memberHeaders);

    const version = (await fetchBoard()).version;
    expect(await memberSocket.join(p.f.boardId)).toEqual({ ok: true, board_id: p.f.boardId, version });
    expect(await outsider.join(p.f.boardId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await outsider.join(999_999)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await outsider.join({ board_id: 'x' } as unknown as number)).toMatchObject({ ok: false });

    await p.owner('POST', `/api/columns/${p.f.columnId}/tasks`, { title: 'Seen by members only' });
    await memberSocket.untilEvents(1);
    await settle();
    expect(outsider.events).toEqual([]);
  });

  it('pushes every kind of change in sequence, with what a client needs to apply it', async () => {
    const socket = await open(memberHeaders);
    let copy = await fetchBoard();
    expect((await socket.join(p.f.boardId)).ok).toBe(true);
    const { columnId, otherColumnId, taskId, labelId, projectId } = { ...p.f, projectId: p.projectId };

    const created = (await p.owner('POST', `/api/columns/${columnId}/tasks`, { title: 'New' })).json().data;
    await p.owner('PUT', `/api/tasks/${created.id}`, {
      title: 'Renamed',
      priority: 'high',
      labels: [labelId],
    });
    await p.owner('POST', `/api/tasks/${created.id}/move`, { column_id: otherColumnId, after_id: null });
    await p.owner('POST', `/api/tasks/${taskId}/checklist`, { text: 'Draft' });
    await member('POST', `/api/tasks/${taskId}/hours`, { hours: 1.5, date: '2026-11-21' });
    const comment = (await member('POST', `/api/tasks/${taskId}/comments`, { text: 'Hi' })).json().data;
    await member('PUT', `/api/comments/${comment.id}`, { text: 'Hello' });
    await member('DELETE', `/api/comments/${comment.id}`);
    const label = (
      await p.owner('POST', `/api/projects/${projectId}/labels`, { name: 'ux', color: '#00AA00' })
    ).json().data;
    await p.owner('PUT', `/api/labels/${label.id}`, { name: 'design' });
    await p.owner('DELETE', `/api/labels/${labelId}`);
    const column = (await p.owner('POST', `/api/boards/${p.f.boardId}/columns`, { name: 'Review' })).json()
      .data;
    await p.owner('PUT', `/api/columns/${column.id}`, { name: 'Checking' });
    await p.owner('PUT', `/api/columns/${column.id}`, { position: -1 });
    await p.owner('POST', `/api/columns/${column.id}/tasks`, { title: 'Goes with its column' });
    await p.owner('DELETE', `/api/columns/${column.id}`);
    await p.owner('POST', `/api/columns/${otherColumnId}/complete_tasks`);
    await p.owner('POST', `/api/columns/${otherColumnId}/archive_tasks`);
    await p.owner('PUT', `/api/tasks/${created.id}`, { is_archived: false });
    await p.owner('DELETE', `/api/tasks/${created.id}`);
    await p.owner('PUT', `/api/boards/${p.f.boardId}`, { name: 'Sprint board', description: 'Week 3' });
    await p.owner('DELETE', `/api/attachments/${p.f.attachmentId}`);

    const expectedTypes = [
      'task.created',
      'task.updated',
      'task.moved',
      'task.updated',
      'task.updated',
      'comment.created',
      'comment.updated',
      'comment.deleted',
      'label.created',
      'label.updated',
      'label.deleted',
      'column.created',
      'column.updated',
      'column.moved',
      'task.created',
      'column.deleted',
      'tasks.updated',
      'tasks.updated',
      'task.updated',
      'task.deleted',
      'board.updated',
      'task.updated',
    ];
    await socket.untilEvents(expectedTypes.length);
    expect(socket.events.map((event) => event.type)).toEqual(expectedTypes);
    for (const [index, event] of socket.events.entries()) {
      // Consecutive: a client can tell a missed event from a late one.
      expect(event.seq).toBe(copy.version + 1);
      expect(event.board_id).toBe(p.f.boardId);
      expect(event.actor_id).not.toBeNull();
      expect(event.origin).toBeNull();
      copy = applyBoardEvent(copy, event);
      if (index === 0) expect(copy.tasks.some((task) => task.title === 'New')).toBe(true);
    }
    // Events alone brought the copy to exactly what a fresh fetch returns.
    expect(copy).toEqual(await fetchBoard());
  });

  it('names the sending socket as origin (that tab skips its echo) and the actor', async () => {
    const ownerSocket = await open(p.ownerHeaders);
    const memberSocket = await open(memberHeaders);
    await ownerSocket.join(p.f.boardId);
    await memberSocket.join(p.f.boardId);
    const ownerApi = apiAs(p.t.app, p.ownerHeaders, { [SOCKET_ID_HEADER]: await ownerSocket.idHeader() });
    await ownerApi('POST', `/api/tasks/${p.f.taskId}/move`, { column_id: p.f.otherColumnId });
    await ownerSocket.untilEvents(1);
    await memberSocket.untilEvents(1);
    const ownerId = (await p.owner('GET', '/api/auth/validate_token')).json().data.id;
    for (const socket of [ownerSocket, memberSocket]) {
      expect(socket.events[0]).toMatchObject({
        type: 'task.moved',
        origin: ownerSocket.id,
        actor_id: ownerId,
      });
    }
  });

  it("ignores a SOCKET_ID_HEADER that is not the caller's own socket's (a teammate's tab still shows it)", async () => {
    const ownerSocket = await open(p.ownerHeaders);
    const memberSocket = await open(memberHeaders);
    await ownerSocket.join(p.f.boardId);
    // Every event names its origin, so a member can learn the owner's socket id and even see a proof
    // meant for the owner's session; neither makes a change of theirs look like the owner's echo.
    const spoofs = [ownerSocket.id, await ownerSocket.idHeader(), `${ownerSocket.id}.${'A'.repeat(43)}`];
    for (const spoof of spoofs) {
      const memberApi = apiAs(p.t.app, memberHeaders, { [SOCKET_ID_HEADER]: spoof });
      await memberApi('POST', `/api/columns/${p.f.columnId}/tasks`, { title: 'Spoofed' });
    }
    await ownerSocket.untilEvents(spoofs.length);
    expect(ownerSocket.events.map((event) => event.origin)).toEqual(spoofs.map(() => null));
    // The member's own proof still names the member's socket.
    const ownProof = apiAs(p.t.app, memberHeaders, { [SOCKET_ID_HEADER]: await memberSocket.idHeader() });
    await ownProof('POST', `/api/columns/${p.f.columnId}/tasks`, { title: 'Mine' });
    await ownerSocket.untilEvents(spoofs.length + 1);
    expect(ownerSocket.events.at(-1)?.origin).toBe(memberSocket.id);
    console.log(`echo spoofing: ${spoofs.length} forged origins sent, 0 accepted`);
  });

  it('leaves the previous board when joining another, and stops on leave', async () => {
    const socket = await open(memberHeaders);
    const other = (await p.owner('POST', `/api/projects/${p.projectId}/boards`, { name: 'Other' })).json()
      .data;
    await socket.join(p.f.boardId);
    await socket.join(other.id);
    await p.owner('POST', `/api/columns/${p.f.columnId}/tasks`, { title: 'On the first board' });
    await p.owner('PUT', `/api/boards/${other.id}`, { name: 'Other board' });
    await socket.untilEvents(1);
    await settle();
    expect(socket.events.map((event) => [event.type, event.board_id])).toEqual([['board.updated', other.id]]);

    expect(await socket.leave(other.id)).toEqual({ ok: true });
    await p.owner('PUT', `/api/boards/${other.id}`, { name: 'Renamed again' });
    await settle();
    expect(socket.events).toHaveLength(1);
  });

  it('drops a member removed mid-session at once, and refuses their next join', async () => {
    const socket = await open(memberHeaders);
    await socket.join(p.f.boardId);
    await p.owner('DELETE', `/api/projects/${p.projectId}/members/${p.memberId}`);
    await socket.until(() => socket.revoked.length > 0, 'board:revoked');
    expect(socket.revoked).toEqual([{ board_id: p.f.boardId }]);
    expect(socket.userEvents).toContainEqual({ type: 'projects.changed', project_id: p.projectId });

    await p.owner('POST', `/api/columns/${p.f.columnId}/tasks`, { title: 'After the removal' });
    await settle();
    expect(socket.events).toEqual([]);
    expect(await socket.join(p.f.boardId)).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('drops everyone looking at a deleted project or board', async () => {
    const socket = await open(memberHeaders);
    await socket.join(p.f.boardId);
    await p.owner('DELETE', `/api/boards/${p.f.boardId}`);
    await socket.untilEvents(1);
    expect(socket.events[0]).toMatchObject({ type: 'board.deleted', board_id: p.f.boardId });

    const board = (await p.owner('POST', `/api/projects/${p.projectId}/boards`, { name: 'B2' })).json().data;
    await socket.join(board.id);
    await p.owner('DELETE', `/api/projects/${p.projectId}`);
    await socket.until(() => socket.revoked.length > 0, 'board:revoked');
    expect(socket.revoked).toEqual([{ board_id: board.id }]);
  });

  it('closes the sockets of a session that signs out, and only those', async () => {
    const otherDevice = await signIn(p.t.app, 'member@uni.example');
    const leaving = await open(memberHeaders);
    const staying = await open(otherDevice);
    await member('DELETE', '/api/auth/sign_out');
    await leaving.until(() => !leaving.socket.connected, 'the signed-out socket to close');
    await settle();
    expect(staying.socket.connected).toBe(true);
  });

  it('lets a client that missed events while disconnected see that its copy is old', async () => {
    const first = await open(memberHeaders);
    const copy = await fetchBoard();
    await first.join(p.f.boardId);
    first.close();
    await p.owner('PUT', `/api/tasks/${p.f.taskId}`, { title: 'Changed while away' });
    await p.owner('POST', `/api/boards/${p.f.boardId}/columns`, { name: 'Added while away' });

    const again = await open(memberHeaders);
    const ack = await again.join(p.f.boardId);
    if (!ack.ok) throw new Error('join refused');
    // The client's rule: a newer version than its copy means refetch — and the refetch is exact.
    expect(ack.version).toBe(copy.version + 2);
    const fresh = await fetchBoard();
    expect(fresh.version).toBe(ack.version);
    expect(fresh.tasks.find((task) => task.id === p.f.taskId)?.title).toBe('Changed while away');
  });

  it('tells everyone on the board who is looking, across joins and leaves', async () => {
    const ownerSocket = await open(p.ownerHeaders);
    const memberSocket = await open(memberHeaders);
    await ownerSocket.join(p.f.boardId);
    await memberSocket.join(p.f.boardId);
    const names = () => ownerSocket.presence.at(-1)?.users.map((user) => user.name);
    await ownerSocket.until(() => names()?.length === 2, 'presence of two');
    expect(names()).toEqual(['Olga Owner', 'Mario Member']);
    memberSocket.close();
    await ownerSocket.until(() => names()?.length === 1, 'presence of one');
    expect(names()).toEqual(['Olga Owner']);
  });

  it('updates the bell and the projects of the affected user live', async () => {
    const invitee = await createUser(p.t.db, { email: 'invitee@uni.example', name: 'Ines Invitee' });
    const inviteeHeaders = await signIn(p.t.app, 'invitee@uni.example');
    const inviteeApi = apiAs(p.t.app, inviteeHeaders);
    const inviteeSocket = await open(inviteeHeaders);
    const memberSocket = await open(memberHeaders);

    const sent = await p.owner('POST', `/api/projects/${p.projectId}/invitations`, {
      email: 'invitee@uni.example',
      role: 'member',
    });
    expect(sent.statusCode).toBe(201);
    await inviteeSocket.until(() => inviteeSocket.userEvents.length === 1, 'invitations.changed');
    expect(inviteeSocket.userEvents).toEqual([{ type: 'invitations.changed' }]);

    const accepted = await inviteeApi(
      'POST',
      `/api/project_invitations/${sent.json().data.id}/accept_invitation`,
      {
        folder_id: await defaultFolderId(inviteeApi),
      },
    );
    expect(accepted.statusCode).toBe(200);
    const joined = { type: 'projects.changed', project_id: p.projectId };
    await memberSocket.until(() => memberSocket.userEvents.length > 0, 'projects.changed for a member');
    expect(memberSocket.userEvents).toEqual([joined]);
    await inviteeSocket.until(() => inviteeSocket.userEvents.length === 3, 'the invitee’s own events');
    expect(inviteeSocket.userEvents).toEqual([
      { type: 'invitations.changed' },
      { type: 'invitations.changed' },
      joined,
    ]);

    await p.owner('PUT', `/api/projects/${p.projectId}/members/${invitee.id}`, { role: 'viewer' });
    await inviteeSocket.until(
      () => inviteeSocket.userEvents.length === 4,
      'projects.changed on a role change',
    );
  });
});
