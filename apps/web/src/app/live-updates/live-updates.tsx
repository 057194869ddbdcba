import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { startSocket } from '../../lib/socket';
import { checkServerNow } from '../../lib/use-is-server-reachable';
import { useUserEvents } from './use-user-events';

/** A refused handshake means the tokens died: asking the API makes a 401 sign the reader out. */
function validateSession(): void {
  apiRequest('/auth/validate_token').catch(() => undefined);
}

/**
 * The session's socket and the user-level events. Mounted once in the app frame; the board's room
 * is joined by the board screen (use-live-board.ts).
 */
export function LiveUpdates() {
  useEffect(() => startSocket({ onDropped: checkServerNow, onRefused: validateSession }), []);
  useUserEvents();
  return null;
}
