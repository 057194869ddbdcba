import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BoardEventSchema,
  BoardPresenceSchema,
  BoardRevokedSchema,
  CLIENT_MESSAGES,
  JoinBoardAckSchema,
  SERVER_MESSAGES,
  type BoardDetail,
  type BoardEvent,
  type PresentUser,
} from '@teamboard/contract';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import i18n from '../../lib/i18n';
import { notifyInfo } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { getSession } from '../../lib/session';
import { isOwnSocketId, useSocket } from '../../lib/socket';
import { BoardSequencer } from './board-sequencer';
import { isOwnEcho } from './is-own-echo';
import { updateRelatedCaches } from './update-caches';

interface LiveBoardOptions {
  projectId: string;
  /** The selected board; null leaves the board room. */
  boardId: number | null;
  /** Someone else deleted the board: deselect it. */
  onDeleted: () => void;
  /** The reader lost access to the board: leave it. */
  onRevoked: () => void;
}

function createSequencer(
  queryClient: QueryClient,
  projectId: string,
  boardId: number,
  onDeleted: () => void,
): BoardSequencer {
  const key = queryKeys.board(boardId);
  return new BoardSequencer({
    boardId,
    read: () => queryClient.getQueryData<BoardDetail>(key),
    write: (board) => queryClient.setQueryData(key, board),
    refetch: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
    isOwnEcho: (event) =>
      isOwnEcho(event, { userId: getSession()?.user.id ?? null, isOwnSocket: isOwnSocketId }),
    onApplied: (event: BoardEvent) => {
      updateRelatedCaches(queryClient, projectId, event);
      if (event.type !== 'board.deleted') return;
      notifyInfo(i18n.t('boards:live.deleted'));
      onDeleted();
    },
  });
}

/** Runs `listener` with the payload when it matches `schema`; returns the unsubscribe. */
function listen<T>(
  socket: Socket,
  message: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  listener: (payload: T) => void,
): () => void {
  const handle = (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) listener(parsed.data);
  };
  socket.on(message, handle);
  return () => socket.off(message, handle);
}

/**
 * Keeps the selected board live: joins its room (again after every reconnection, refetching when
 * the server is ahead), applies the events of others to the cached board and returns who else is
 * looking at it.
 */
/** One empty list, so a board with nobody else looking does not re-render on every render. */
const NO_ONE: PresentUser[] = [];

export function useLiveBoard({ projectId, boardId, onDeleted, onRevoked }: LiveBoardOptions): PresentUser[] {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<{ boardId: number; users: PresentUser[] } | null>(null);
  // The latest callbacks, without re-joining the room when the parent re-renders.
  const callbacks = useRef({ onDeleted, onRevoked });
  callbacks.current = { onDeleted, onRevoked };

  useEffect(() => {
    if (socket === null || boardId === null) return;
    const key = queryKeys.board(boardId);
    const sequencer = createSequencer(queryClient, projectId, boardId, () => callbacks.current.onDeleted());
    const boardHash = hashKey(key);
    const stopWatchingCache = queryClient.getQueryCache().subscribe((change) => {
      if (change.type === 'updated' && change.query.queryHash === boardHash) sequencer.flush();
    });
    const join = () =>
      socket.emit(CLIENT_MESSAGES.joinBoard, { board_id: boardId }, (answer: unknown) => {
        const ack = JoinBoardAckSchema.safeParse(answer);
        if (ack.success && ack.data.ok && ack.data.board_id === boardId) sequencer.joined(ack.data.version);
      });
    const clearPresence = () => setPresence(null);
    const stops = [
      listen(socket, SERVER_MESSAGES.boardEvent, BoardEventSchema, (event) => sequencer.receive(event)),
      listen(socket, SERVER_MESSAGES.presence, BoardPresenceSchema, (next) => {
        if (next.board_id === boardId) setPresence({ boardId, users: next.users });
      }),
      listen(socket, SERVER_MESSAGES.revoked, BoardRevokedSchema, (revoked) => {
        if (revoked.board_id !== boardId) return;
        sequencer.dispose();
        notifyInfo(i18n.t('boards:live.revoked'));
        callbacks.current.onRevoked();
      }),
    ];
    socket.on('connect', join);
    socket.on('disconnect', clearPresence);
    if (socket.connected) join();
    return () => {
      stops.forEach((stop) => stop());
      socket.off('connect', join);
      socket.off('disconnect', clearPresence);
      stopWatchingCache();
      sequencer.dispose();
      setPresence(null);
      if (socket.connected) socket.emit(CLIENT_MESSAGES.leaveBoard, { board_id: boardId });
    };
  }, [socket, boardId, projectId, queryClient]);

  return presence !== null && presence.boardId === boardId ? presence.users : NO_ONE;
}
