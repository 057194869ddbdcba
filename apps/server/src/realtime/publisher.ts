import type { BoardEvent, UserEvent } from '@teamboard/contract';

/** A board event as a service builds it; who sent the request, and from which socket, is added on publish. */
export type BoardEventDraft = BoardEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'origin' | 'actor_id'>
    : never
  : never;

/**
 * What features may tell the real-time layer, always AFTER their transaction has committed.
 * Publishing never throws: a failed broadcast is logged, the write it follows stands.
 */
export interface RealtimePublisher {
  /** To everyone looking at `event.board_id`. */
  board(event: BoardEventDraft): void;
  /** To every socket of one user. */
  user(userIds: number[], event: UserEvent): void;
  /**
   * Who may see the project's boards may have changed (member removed, project deleted or made
   * private): every socket in its board rooms is checked again and dropped if it lost access.
   */
  projectAccessChanged(projectId: number): void;
  /** Some of the user's sessions ended (sign-out, password change or reset): their sockets close. */
  sessionsEnded(userId: number): void;
}

/** For code paths with no sockets to reach (the CLI, some unit tests). */
export const silentPublisher: RealtimePublisher = {
  board: () => undefined,
  user: () => undefined,
  projectAccessChanged: () => undefined,
  sessionsEnded: () => undefined,
};
