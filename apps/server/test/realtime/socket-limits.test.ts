import { CLIENT_MESSAGES } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/lib/audit.js';
import { MINUTE_MS } from '../../src/lib/clock.js';
import { PROBES_PER_MINUTE_AUDITED } from '../../src/lib/probe-tally.js';
import {
  REFUSALS_BEFORE_DISCONNECT,
  SOCKET_MESSAGE_BURST,
  USER_MESSAGE_BURST,
} from '../../src/realtime/message-limits.js';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { apiAs, type Api } from '../helpers/projects.js';
import { connectSocket, listenOnLoopback, settle, type TestSocket } from '../helpers/sockets.js';
import { buildTestApp } from '../helpers/test-app.js';

type Ack = { ok: boolean; code?: string };

/** Acknowledgements wake no socket waiter: checks `condition` every few milliseconds instead. */
async function poll(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await settle(10);
  }
}

/**
 * Issue 13, points 1 and 8: what one socket (and one user across sockets) may ask, one room change
 * in flight per socket, a flooding socket disconnected and audited, and probing aggregated into one
 * audit line per user and minute.
 */
describe.runIf(isDatabaseAvailable)('socket message limits and probing trail', () => {
  let p: BoardProject;
  let baseUrl: string;
  let strangerHeaders: TokenHeaders;
  let stranger: Api;
  let strangerId: number;
  const lines: string[] = [];
  const sockets: TestSocket[] = [];

  function audits(event: string): AuditEntry[] {
    return lines
      .map((line) => JSON.parse(line) as { audit?: AuditEntry })
      .flatMap((entry) => (entry.audit?.event === event ? [entry.audit] : []));
  }

  async function open(headers: TokenHeaders): Promise<TestSocket> {
    const socket = await connectSocket(baseUrl, headers);
    sockets.push(socket);
    return socket;
  }

  /** Emits without waiting, as a flooding client does; the answers are collected as they come. */
  function emitMany(socket: TestSocket, count: number, payloadOf: (i: number) => unknown, event: string) {
    const answers: Ack[] = [];
    for (let i = 0; i < count; i++) socket.socket.emit(event, payloadOf(i), (ack: Ack) => answers.push(ack));
    return answers;
  }

  function join(socket: TestSocket, boardId: number): Promise<Ack> {
    return new Promise((resolve) =>
      socket.socket.emit(CLIENT_MESSAGES.joinBoard, { board_id: boardId }, resolve),
    );
  }

  beforeEach(async () => {
    lines.length = 0;
    const t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
    p = await setUpBoardProject(t);
    await createUser(t.db, { email: 'stranger@uni.example', name: 'Sam Stranger' });
    strangerHeaders = await signIn(t.app, 'stranger@uni.example');
    stranger = apiAs(t.app, strangerHeaders);
    strangerId = (await stranger('GET', '/api/auth/validate_token')).json().data.id as number;
    baseUrl = await listenOnLoopback(t.app);
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await p.t.close();
  });

  it('answers a flood of joins without database work, disconnects the socket and audits it', async () => {
    const socket = await open(strangerHeaders);
    const flood = 5000;
    const answers = emitMany(socket, flood, (i) => ({ board_id: 1_000_000 + i }), CLIENT_MESSAGES.joinBoard);
    // The server keeps answering HTTP while the flood arrives.
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    await socket.until(() => !socket.socket.connected, 'the flooding socket to be disconnected', 10_000);
    await settle();
    const count = (code: string) => answers.filter((answer) => answer.code === code).length;
    const checked = count('NOT_FOUND') + count('SUPERSEDED');
    // Within its burst the socket's joins are taken in; all but the one in flight wait as the latest.
    expect(checked).toBeLessThanOrEqual(SOCKET_MESSAGE_BURST + 5);
    expect(count('RATE_LIMITED')).toBe(REFUSALS_BEFORE_DISCONNECT);
    const [flooding] = audits('socket.flooding');
    expect(flooding).toMatchObject({ user_id: strangerId, route: `socket ${CLIENT_MESSAGES.joinBoard}` });
    console.log(
      `socket flood: ${flood} joins sent, ${answers.length} answered (${checked} taken in, ` +
        `${count('RATE_LIMITED')} refused), then disconnected and audited`,
    );
  });

  it('keeps one join in flight per socket: a newer join replaces the waiting one', async () => {
    const memberSocket = await open(p.ownerHeaders);
    const other = (await p.owner('POST', `/api/projects/${p.projectId}/boards`, { name: 'Other' })).json()
      .data;
    const answers = await Promise.all([
      join(memberSocket, p.f.boardId),
      join(memberSocket, 999_999),
      join(memberSocket, other.id),
    ]);
    expect(answers).toEqual([
      expect.objectContaining({ ok: true, board_id: p.f.boardId }),
      { ok: false, code: 'SUPERSEDED' },
      expect.objectContaining({ ok: true, board_id: other.id }),
    ]);
    await p.owner('PUT', `/api/boards/${other.id}`, { name: 'Renamed' });
    await memberSocket.untilEvents(1);
    expect(memberSocket.events.map((event) => event.board_id)).toEqual([other.id]);
  });

  it('limits one user across sockets, not only each socket', async () => {
    const own = await open(p.ownerHeaders);
    const alone = emitMany(own, SOCKET_MESSAGE_BURST * 2, () => ({}), CLIENT_MESSAGES.leaveBoard);
    await poll(() => alone.length === SOCKET_MESSAGE_BURST * 2, 'every leave answered');
    expect(alone.filter((answer) => answer.code === 'RATE_LIMITED').length).toBeGreaterThan(0);
    own.close();

    const many = await Promise.all(Array.from({ length: 5 }, () => open(p.ownerHeaders)));
    const perSocket = SOCKET_MESSAGE_BURST; // each socket stays within its own burst
    const answers = many.map((socket) => emitMany(socket, perSocket, () => ({}), CLIENT_MESSAGES.leaveBoard));
    await poll(() => answers.every((list) => list.length === perSocket), 'every leave answered');
    const accepted = answers.flat().filter((answer) => answer.ok).length;
    expect(accepted).toBeLessThan(many.length * perSocket);
    expect(accepted).toBeGreaterThanOrEqual(USER_MESSAGE_BURST);
  });

  it('writes one audit line per user and minute for many not-found answers, none for a few', async () => {
    const probes = PROBES_PER_MINUTE_AUDITED + 5;
    for (let i = 0; i < probes; i++) {
      expect((await stranger('GET', `/api/tasks/${p.f.taskId}`)).statusCode).toBe(404);
    }
    // An ordinary user with a stale link or two leaves nothing.
    for (let i = 0; i < 2; i++) await p.owner('GET', '/api/tasks/999999');
    expect(audits('access.probing')).toHaveLength(0);
    p.t.clock.advance(MINUTE_MS);
    await stranger('GET', `/api/tasks/${p.f.taskId}`);
    await p.owner('GET', '/api/tasks/999999');
    const written = audits('access.probing');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ user_id: strangerId, not_found: probes, refused_joins: 0 });
    console.log(`probing trail: ${probes} not-found answers in a minute, 1 audit line`);
  });

  it('counts refused socket joins in the same trail', async () => {
    const socket = await open(strangerHeaders);
    for (let i = 0; i < PROBES_PER_MINUTE_AUDITED; i++) {
      expect(await join(socket, p.f.boardId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    }
    p.t.clock.advance(MINUTE_MS);
    await join(socket, p.f.boardId);
    expect(audits('access.probing')).toEqual([
      expect.objectContaining({
        user_id: strangerId,
        not_found: 0,
        refused_joins: PROBES_PER_MINUTE_AUDITED,
      }),
    ]);
  });
});
