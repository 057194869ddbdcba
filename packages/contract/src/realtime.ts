import { z } from 'zod';
import { IdSchema } from './ids.js';
import { BoardSchema, ColumnSchema } from './boards.js';
import { LabelSchema } from './labels.js';
import { CommentSchema } from './comments.js';
import { TaskSummarySchema } from './tasks.js';

/**
 * The push channel (docs/spec.md §4 Real time, §7): Socket.IO at SOCKET_PATH, authenticated with the same
 * token triple as HTTP (`auth: { 'access-token', client, uid }` in the handshake). One room per
 * board; a socket is in at most one board room at a time.
 */
export const SOCKET_PATH = '/socket.io';

/**
 * Mutating HTTP requests carry the sender's socket proof here (SocketReady.socket_header, received
 * at connection); the events they cause name the socket id as `origin`, so exactly that tab skips
 * its own echo (another tab of the same user applies it). A header that is not the caller's own
 * socket's proof is ignored, so nobody can make a teammate's tab skip a change.
 */
export const SOCKET_ID_HEADER = 'x-socket-id';

/** Client → server messages (each answered through the Socket.IO acknowledgement). */
export const CLIENT_MESSAGES = { joinBoard: 'board:join', leaveBoard: 'board:leave' } as const;

/** Server → client messages. */
export const SERVER_MESSAGES = {
  /** A BoardEvent for the board room the socket is in. */
  boardEvent: 'board:event',
  /** Who is looking at the board now (BoardPresence). */
  presence: 'board:presence',
  /** The socket lost access to the board (removed from the project, project deleted…): BoardRevoked. */
  revoked: 'board:revoked',
  /** Something changed for this user outside a board (a UserEvent). */
  userEvent: 'user:event',
  /** Sent once per connection: the SOCKET_ID_HEADER value for this socket (SocketReady). */
  ready: 'socket:ready',
} as const;

export const SocketReadySchema = z.object({ socket_header: z.string() });
export type SocketReady = z.infer<typeof SocketReadySchema>;

export const JoinBoardInputSchema = z.object({ board_id: IdSchema }).strict();
export type JoinBoardInput = z.infer<typeof JoinBoardInputSchema>;

/**
 * The acknowledgement of board:join. `version` is the board's current sequence number: a client
 * whose copy of the board is older refetches it (events it missed are not replayed).
 */
export const JoinBoardAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), board_id: z.number().int(), version: z.number().int() }),
  z.object({ ok: z.literal(false), code: z.string() }),
]);
export type JoinBoardAck = z.infer<typeof JoinBoardAckSchema>;

function boardEvent<T extends string, D extends z.ZodRawShape>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    board_id: z.number().int(),
    /**
     * The board's version after this change (BoardDetail.version). Consecutive per board: every
     * change to the board detail is exactly one event, so a jump means events were missed.
     */
    seq: z.number().int(),
    /** Who made the change (null: the server itself, e.g. a data import). */
    actor_id: z.number().int().nullable(),
    /** The id of the socket that sent the request that caused it (proven by SOCKET_ID_HEADER), if any. */
    origin: z.string().nullable(),
    data: z.object(data),
  });
}

const TaskIdSchema = z.number().int();

/**
 * One change to a board's detail, with what a client needs to apply it without a refetch. Every
 * event carries state (never a delta), so applying one twice is harmless.
 */
export const BoardEventSchema = z.discriminatedUnion('type', [
  boardEvent('task.created', { task: TaskSummarySchema }),
  /** Any change to the card: fields, labels, assignees, hours, checklist, comments/files counts, archive. */
  boardEvent('task.updated', { task: TaskSummarySchema }),
  boardEvent('task.moved', { task: TaskSummarySchema }),
  boardEvent('task.deleted', { task_id: TaskIdSchema, column_id: z.number().int() }),
  /** A column action (archive all, complete all) changed several cards at once. */
  boardEvent('tasks.updated', { tasks: z.array(TaskSummarySchema) }),
  boardEvent('column.created', { column: ColumnSchema }),
  boardEvent('column.updated', { column: ColumnSchema }),
  boardEvent('column.moved', { column: ColumnSchema }),
  /** Its tasks went with it. */
  boardEvent('column.deleted', { column_id: z.number().int() }),
  /** `task` is the card afterwards (its comments_count). */
  boardEvent('comment.created', { comment: CommentSchema, task: TaskSummarySchema }),
  boardEvent('comment.updated', { comment: CommentSchema, task: TaskSummarySchema }),
  boardEvent('comment.deleted', { comment_id: z.number().int(), task: TaskSummarySchema }),
  /** Project labels (every board of the project gets one, each with its own seq). */
  boardEvent('label.created', { label: LabelSchema }),
  boardEvent('label.updated', { label: LabelSchema }),
  /** Cards that carried it lose it. */
  boardEvent('label.deleted', { label_id: z.number().int() }),
  boardEvent('board.updated', { board: BoardSchema }),
  /** Final: the room is closed; `seq` is one past the last version. */
  boardEvent('board.deleted', {}),
]);
export type BoardEvent = z.infer<typeof BoardEventSchema>;
export type BoardEventType = BoardEvent['type'];

export const PresentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photo: z.string().nullable(),
});
export type PresentUser = z.infer<typeof PresentUserSchema>;

/** Everyone with a socket in the board's room (each user once, across every server instance). */
export const BoardPresenceSchema = z.object({
  board_id: z.number().int(),
  users: z.array(PresentUserSchema),
});
export type BoardPresence = z.infer<typeof BoardPresenceSchema>;

export const BoardRevokedSchema = z.object({ board_id: z.number().int() });
export type BoardRevoked = z.infer<typeof BoardRevokedSchema>;

/**
 * Sent to every socket of one user: the bell (invitations, evaluations to answer) or their projects list (membership)
 * changed. The client refetches what it names.
 */
export const UserEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invitations.changed') }),
  /** An evaluation was sent to this user, or its deadline moved: the bell's pending evaluations. */
  z.object({ type: z.literal('evaluations.changed'), project_id: z.number().int() }),
  z.object({ type: z.literal('projects.changed'), project_id: z.number().int() }),
]);
export type UserEvent = z.infer<typeof UserEventSchema>;
