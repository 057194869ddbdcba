import type { PresentUser } from '@teamboard/contract';

/**
 * What a socket remembers about its sign-in. Kept small and free of secrets: with the Redis
 * adapter it travels to other instances (fetchSockets). The session is checked again by id.
 */
export interface SocketData {
  user: PresentUser;
  sessionId: number;
}
