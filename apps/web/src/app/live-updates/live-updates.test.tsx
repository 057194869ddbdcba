import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CLIENT_MESSAGES, SERVER_MESSAGES, type BoardPresence } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { latestSocket, type FakeSocket } from '../../test/fake-socket';
import {
  credentials,
  makeBoard,
  makeBoardDetail,
  makeBoardEvent,
  makeFolder,
  makeMember,
  makeProject,
  makeTask,
  makeUser,
} from '../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../test/render';

beforeAll(async () => {
  await Promise.all([import('../routes/project/board'), preloadSignedInFrame()]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const MY_SOCKET = 'my-socket';

/** Opens board 1 of project 7 as Ana (user 1), with the server at `version`. */
async function openLiveBoard(version = 1) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/projects/7': { body: { data: makeProject() } },
    '/projects/7/members': { body: { data: [makeMember()] } },
    '/projects/7/boards': { body: { data: [makeBoard()] } },
    '/projects/7/labels': { body: { data: [] } },
    '/boards/1': { body: { data: makeBoardDetail() } },
    '/folders': { body: { data: [makeFolder()] } },
    '/projects': { body: { data: [] } },
    '/activity': { body: { data: [], next_cursor: null } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const { router } = renderApp('/project/7?board=1');
  await screen.findByRole('button', { name: 'Write report' });
  const socket = latestSocket();
  socket.answer = (event) =>
    event === CLIENT_MESSAGES.joinBoard ? { ok: true, board_id: 1, version } : undefined;
  act(() => socket.serverConnect(MY_SOCKET));
  return { socket, router, calls: stub.calls };
}

function send(socket: FakeSocket, message: string, payload: unknown) {
  act(() => socket.serverSend(message, payload));
}

const boardFetches = (calls: { url: string }[]) =>
  calls.filter((call) => call.url === '/api/boards/1').length;

describe('live board', () => {
  it('joins the board and shows the cards others create, not its own echo', async () => {
    const { socket } = await openLiveBoard();
    expect(socket.emitted).toContainEqual({ event: CLIENT_MESSAGES.joinBoard, payload: { board_id: 1 } });

    send(
      socket,
      SERVER_MESSAGES.boardEvent,
      makeBoardEvent('task.created', { task: makeTask({ id: 8, title: 'From Luis' }) }),
    );
    expect(await screen.findByRole('button', { name: 'From Luis' })).toBeTruthy();

    const echo = makeTask({ id: 9, title: 'Echo' });
    send(
      socket,
      SERVER_MESSAGES.boardEvent,
      makeBoardEvent('task.created', { task: echo }, { seq: 3, origin: MY_SOCKET }),
    );
    send(
      socket,
      SERVER_MESSAGES.boardEvent,
      makeBoardEvent(
        'column.updated',
        { column: { id: 10, name: 'Backlog', position: 1, board_id: 1 } },
        { seq: 4 },
      ),
    );
    expect(await screen.findByRole('region', { name: 'Column Backlog' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Echo' })).toBeNull();
  });

  it('shows who else is looking, in the board toolbar', async () => {
    const { socket } = await openLiveBoard();
    const presence: BoardPresence = {
      board_id: 1,
      users: [
        { id: 1, name: 'Ana Pérez', photo: null },
        { id: 2, name: 'Luis Gómez', photo: null },
      ],
    };
    send(socket, SERVER_MESSAGES.presence, presence);
    expect(await screen.findByRole('img', { name: 'Also on this board: Luis Gómez' })).toBeTruthy();
    send(socket, SERVER_MESSAGES.presence, { ...presence, users: presence.users.slice(0, 1) });
    await waitFor(() => expect(screen.queryByTestId('board-presence')).toBeNull());
  });

  it('rejoins after a drop and refetches the board when the server is ahead', async () => {
    const { socket, calls } = await openLiveBoard();
    const before = boardFetches(calls);
    socket.answer = () => ({ ok: true, board_id: 1, version: 4 });
    act(() => socket.serverDrop());
    act(() => socket.serverConnect('my-socket-2'));
    const joins = socket.emitted.filter((entry) => entry.event === CLIENT_MESSAGES.joinBoard);
    expect(joins).toHaveLength(2);
    await waitFor(() => expect(boardFetches(calls)).toBe(before + 1));
  });

  it('leaves the room when the board is deselected', async () => {
    const { socket } = await openLiveBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sprint board' }));
    await screen.findByText('Choose a board');
    expect(socket.emitted).toContainEqual({ event: CLIENT_MESSAGES.leaveBoard, payload: { board_id: 1 } });
  });

  it('goes home with a notice when access to the board is revoked', async () => {
    const { socket, router } = await openLiveBoard();
    send(socket, SERVER_MESSAGES.revoked, { board_id: 1 });
    expect(await screen.findByText('You no longer have access to this board')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('deselects a board someone else deleted, with a notice in Spanish', async () => {
    await changeLanguage('es');
    const { socket, router } = await openLiveBoard();
    send(socket, SERVER_MESSAGES.boardEvent, makeBoardEvent('board.deleted', {}, { seq: 7 }));
    expect(await screen.findByText('Este tablero fue eliminado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Sprint board' })).toBeNull();
  });

  it('refreshes the bell when told the invitations changed', async () => {
    const { socket, calls } = await openLiveBoard();
    const bellFetches = () => calls.filter((call) => call.url === '/api/project_invitations/').length;
    await waitFor(() => expect(bellFetches()).toBe(1));
    send(socket, SERVER_MESSAGES.userEvent, { type: 'invitations.changed' });
    await waitFor(() => expect(bellFetches()).toBe(2));
  });
});
