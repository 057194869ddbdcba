import { SERVER_MESSAGES, type BoardPresence, type PresentUser } from '@teamboard/contract';
import type { Server } from 'socket.io';
import type { SocketData } from './socket-data.js';

/** Joins and leaves within this window make one presence broadcast (50 joins ≠ 50 broadcasts). */
const PRESENCE_DEBOUNCE_MS = 100;

/**
 * Who is looking at each board. Computed from the room itself (across instances when the Redis
 * adapter is in place), so there is no separate state to drift; broadcast debounced per room.
 */
export class BoardPresenceTracker {
  private readonly pending = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly io: Server,
    private readonly room: (boardId: number) => string,
    private readonly onError: (error: unknown) => void,
  ) {}

  changed(boardId: number): void {
    if (this.pending.has(boardId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(boardId);
      this.broadcast(boardId).catch(this.onError);
    }, PRESENCE_DEBOUNCE_MS);
    timer.unref();
    this.pending.set(boardId, timer);
  }

  async broadcast(boardId: number): Promise<void> {
    const sockets = await this.io.in(this.room(boardId)).fetchSockets();
    const users = new Map<number, PresentUser>();
    for (const socket of sockets) {
      const data = socket.data as SocketData;
      users.set(data.user.id, data.user);
    }
    const presence: BoardPresence = {
      board_id: boardId,
      users: [...users.values()].sort((a, b) => a.id - b.id),
    };
    this.io.to(this.room(boardId)).emit(SERVER_MESSAGES.presence, presence);
  }

  close(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
