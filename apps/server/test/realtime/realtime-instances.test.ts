import {
  applyBoardEvent,
  SOCKET_ID_HEADER,
  type BoardDetail,
  type BoardEventType,
} from '@teamboard/contract';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.js';
import { adminQuery, POSTGRES_URL } from '../helpers/database.js';
import { createUser, PASSWORD, type TokenHeaders } from '../helpers/factories.js';
import { ServerProcess } from '../helpers/server-process.js';
import { connectSocket, settle, type TestSocket } from '../helpers/sockets.js';

/**
 * Two real server processes sharing PostgreSQL and Redis (docs/architecture.md: several instances share
 * board rooms through Redis). Runs in both suite passes: it always needs PostgreSQL and Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function servicesAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    const reason = `PostgreSQL (${POSTGRES_URL}) and Redis (${REDIS_URL}) are needed (${(error as Error).message})`;
    if (process.env.CI) throw new Error(`two-instance real-time test on CI: ${reason}`, { cause: error });
    console.warn(`\n⚠️  SKIPPING the two-instance real-time test: ${reason}.\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
    redis.disconnect();
  }
}

describe.runIf(await servicesAvailable())(
  'real time across two server instances (PostgreSQL + Redis)',
  () => {
    const databaseName = `teamboard_rt_${randomBytes(5).toString('hex')}`;
    const databaseUrl = POSTGRES_URL.replace(/\/[^/]*$/, `/${databaseName}`);
    let a: ServerProcess;
    let b: ServerProcess;
    let db: Db;
    let owner: TokenHeaders;
    let member: TokenHeaders;
    let memberId: number;
    const sockets: TestSocket[] = [];
    const env = () => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      // A channel prefix of its own: concurrent runs on one Redis never hear each other's rooms.
      REDIS_CHANNEL_PREFIX: databaseName,
      SECRET_KEY: 'two-instances-secret-key-0123456789abcdef',
    });

    beforeAll(async () => {
      await adminQuery(`create database ${databaseName}`);
      // One after the other: the first one migrates the database.
      a = await ServerProcess.start(env());
      b = await ServerProcess.start(env());
      db = createDatabase({ dialect: 'postgres', url: databaseUrl }).db;
      await createUser(db, { email: 'owner@uni.example', name: 'Olga Owner' });
      memberId = (await createUser(db, { email: 'member@uni.example', name: 'Mario Member' })).id;
      owner = await a.signIn('owner@uni.example', PASSWORD);
      member = await b.signIn('member@uni.example', PASSWORD);
    }, 60_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.destroy();
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
    });

    /**
     * What another instance answers once a change stamp has crossed Redis. It is published after the
     * commit and heard a moment later: on a loaded machine the test's next request can reach the
     * other instance first, so the answer is asked again for up to 3 s (it normally changes at once).
     */
    const acrossRedis = <T>(answer: () => Promise<T>) => expect.poll(answer, { timeout: 3000, interval: 20 });

    async function open(server: ServerProcess, headers: TokenHeaders): Promise<TestSocket> {
      const socket = await connectSocket(server.baseUrl, headers);
      sockets.push(socket);
      return socket;
    }

    it('carries every event kind, invitations, presence, revocation and forgotten sessions from one instance to the other', async () => {
      const memberSocket = await open(b, member);
      const project = (await a.call(owner, 'POST', '/api/projects', { name: 'Across' })).json.data!;
      const invitation = await a.call(owner, 'POST', `/api/projects/${project.id}/invitations`, {
        email: 'member@uni.example',
        role: 'member',
      });
      expect(invitation.status).toBe(201);
      await memberSocket.until(
        () => memberSocket.userEvents.length === 1,
        'the bell update on the other instance',
      );
      const folders = (await b.call(member, 'GET', '/api/folders')).json.data as unknown as { id: number }[];
      const accepted = await b.call(
        member,
        'POST',
        `/api/project_invitations/${invitation.json.data!.id}/accept_invitation`,
        {
          folder_id: folders[0]!.id,
        },
      );
      expect(accepted.status).toBe(200);

      const boardId = (await a.call(owner, 'POST', `/api/projects/${project.id}/boards`, { name: 'B' })).json
        .data!.id as number;
      const column = (await a.call(owner, 'POST', `/api/boards/${boardId}/columns`, { name: 'To do' })).json
        .data!;
      const ownerSocket = await open(a, owner);
      const firstRead = await b.call(member, 'GET', `/api/boards/${boardId}`);
      let copy = firstRead.json.data as unknown as BoardDetail;
      // B answers an unchanged board 304 from what it remembers of it (no query)…
      const revalidate = () =>
        b.call({ ...member, 'if-none-match': firstRead.etag! }, 'GET', `/api/boards/${boardId}`);
      expect((await revalidate()).status).toBe(304);
      expect(await ownerSocket.join(boardId)).toMatchObject({ ok: true });
      expect(await memberSocket.join(boardId)).toMatchObject({ ok: true, version: copy.version });

      // Presence spans both instances.
      const names = () => ownerSocket.presence.at(-1)?.users.map((user) => user.name) ?? [];
      await ownerSocket.until(() => names().length === 2, 'presence from both instances');
      expect(names()).toEqual(['Olga Owner', 'Mario Member']);

      const asOwner = { ...owner, [SOCKET_ID_HEADER]: await ownerSocket.idHeader() };
      const task = (await a.call(asOwner, 'POST', `/api/columns/${column.id}/tasks`, { title: 'T' })).json
        .data!;
      await a.call(asOwner, 'PUT', `/api/tasks/${task.id}`, { title: 'T2' });
      const done = (await a.call(asOwner, 'POST', `/api/boards/${boardId}/columns`, { name: 'Done' })).json
        .data!;
      await a.call(asOwner, 'PUT', `/api/columns/${done.id}`, { name: 'Finished' });
      await a.call(asOwner, 'PUT', `/api/columns/${done.id}`, { position: 99 });
      await a.call(asOwner, 'POST', `/api/tasks/${task.id}/move`, { column_id: done.id });
      const comment = (await a.call(asOwner, 'POST', `/api/tasks/${task.id}/comments`, { text: 'c' })).json
        .data!;
      await a.call(asOwner, 'PUT', `/api/comments/${comment.id}`, { text: 'c2' });
      await a.call(asOwner, 'DELETE', `/api/comments/${comment.id}`);
      const label = (
        await a.call(asOwner, 'POST', `/api/projects/${project.id}/labels`, { name: 'l', color: '#112233' })
      ).json.data!;
      await a.call(asOwner, 'PUT', `/api/labels/${label.id}`, { color: '#445566' });
      await a.call(asOwner, 'DELETE', `/api/labels/${label.id}`);
      await a.call(asOwner, 'DELETE', `/api/tasks/${task.id}`);
      await a.call(asOwner, 'DELETE', `/api/columns/${done.id}`);
      const expected: BoardEventType[] = [
        'task.created',
        'task.updated',
        'column.created',
        'column.updated',
        'column.moved',
        'task.moved',
        'comment.created',
        'comment.updated',
        'comment.deleted',
        'label.created',
        'label.updated',
        'label.deleted',
        'task.deleted',
        'column.deleted',
      ];
      await memberSocket.untilEvents(expected.length);
      await ownerSocket.untilEvents(expected.length);
      expect(memberSocket.events.map((event) => event.type)).toEqual(expected);
      // The actor's own socket gets the echo marked as its own: the client skips it.
      expect(ownerSocket.events.every((event) => event.origin === ownerSocket.id)).toBe(true);
      for (const event of memberSocket.events) {
        expect(event.seq).toBe(copy.version + 1);
        copy = applyBoardEvent(copy, event);
      }
      // …and forgets it when A changes the board: the board's change stamp crossed over Redis.
      await acrossRedis(async () => (await revalidate()).status).toBe(200);
      expect(copy).toEqual((await b.call(member, 'GET', `/api/boards/${boardId}`)).json.data);

      // And the other way: a change on B reaches the socket on A.
      const fromB = (await b.call(member, 'POST', `/api/columns/${column.id}/tasks`, { title: 'From B' }))
        .json.data!;
      await ownerSocket.untilEvents(expected.length + 1);
      expect(ownerSocket.events.at(-1)).toMatchObject({
        type: 'task.created',
        actor_id: memberId,
        origin: null,
      });
      expect(
        ownerSocket.events.at(-1)?.type === 'task.created' && ownerSocket.events.at(-1)?.data,
      ).toMatchObject({
        task: { id: fromB.id },
      });

      // Removed on A, dropped on B at once.
      await memberSocket.untilEvents(expected.length + 1);
      const before = memberSocket.events.length;
      await a.call(owner, 'DELETE', `/api/projects/${project.id}/members/${memberId}`);
      await memberSocket.until(() => memberSocket.revoked.length > 0, 'board:revoked across instances');
      await a.call(owner, 'POST', `/api/columns/${column.id}/tasks`, { title: 'Private again' });
      await ownerSocket.untilEvents(expected.length + 2);
      await settle();
      expect(memberSocket.events).toHaveLength(before);
      await ownerSocket.until(() => names().length === 1, 'presence without the removed member');
      // B had remembered the member's access to the project; the change stamp crossed over Redis.
      await acrossRedis(async () => (await b.call(member, 'GET', `/api/boards/${boardId}`)).status).toBe(404);

      // Stopping one instance (a rolling deploy) closes its own sockets only.
      await a.stop();
      await ownerSocket.until(() => !ownerSocket.socket.connected, 'the stopped instance’s socket to close');
      await settle(500);
      expect(memberSocket.socket.connected).toBe(true);

      // Signed out through one instance, refused by the other, which had remembered the session.
      const other = await b.signIn('owner@uni.example', PASSWORD);
      expect((await b.call(other, 'GET', '/api/folders')).status).toBe(200);
      const c = await ServerProcess.start(env());
      try {
        expect((await c.call(other, 'DELETE', '/api/auth/sign_out')).status).toBe(204);
        await acrossRedis(async () => (await b.call(other, 'GET', '/api/folders')).status).toBe(401);
      } finally {
        await c.stop();
      }
    }, 60_000);
  },
);
