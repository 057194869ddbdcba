import type { BoardEvent } from '@teamboard/contract';

export interface Me {
  userId: number | null;
  isOwnSocket(id: string): boolean;
}

/**
 * SPEC: a tab applies the changes of others only. With an origin, "mine" means this tab's socket
 * (another tab of the same user applies it); without one (sent while disconnected), my user.
 */
export function isOwnEcho(event: BoardEvent, me: Me): boolean {
  if (event.origin !== null) return me.isOwnSocket(event.origin);
  return me.userId !== null && event.actor_id === me.userId;
}
