import { useEffect } from 'react';
import type { User } from '@teamboard/contract';
import { apiRequest } from '../../lib/api-client';
import { updateSessionUser } from '../../lib/session';
import { startSocket } from '../../lib/socket';
import { checkServerNow } from '../../lib/use-is-server-reachable';
import { useUserEvents } from './use-user-events';

/** A refused handshake means the tokens died: asking the API makes a 401 sign the reader out. */
function validateSession(): void {
  apiRequest('/auth/validate_token').catch(() => undefined);
}

/**
 * The stored user may be stale (an admin changed the account type or max_projects since sign-in):
 * the server's copy replaces it once per page load, so the menu shows what the account may do.
 */
function refreshSessionUser(): void {
  apiRequest<{ data: User }>('/auth/validate_token')
    .then((response) => updateSessionUser(response.data.data))
    .catch(() => undefined);
}

/**
 * The session's socket and the user-level events. Mounted once in the app frame; the board's room
 * is joined by the board screen (use-live-board.ts).
 */
export function LiveUpdates() {
  useEffect(() => startSocket({ onDropped: checkServerNow, onRefused: validateSession }), []);
  useEffect(refreshSessionUser, []);
  useUserEvents();
  return null;
}
