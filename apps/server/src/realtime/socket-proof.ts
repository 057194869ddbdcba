import { hashToken, tokenMatches } from '../lib/tokens.js';

/*
 * Why a proof and not the bare socket id: every board event names its origin socket, so any member
 * learns a teammate's socket id. Were the id alone accepted in SOCKET_ID_HEADER, a member could send
 * a change "from" the teammate's socket, and the teammate's tab would skip it as its own echo. The
 * header value is therefore `<socket id>.<HMAC of session and socket>`, handed to the socket's owner
 * at connection and checked against the caller's own session: it is stateless, so it holds across
 * instances without asking the others who owns which socket.
 */
const SOCKET_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEADER = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function signedText(sessionId: number, socketId: string): string {
  return `socket-origin\n${sessionId}\n${socketId}`;
}

/** The SOCKET_ID_HEADER value the socket's own session may send. */
export function socketProof(secretKey: string, sessionId: number, socketId: string): string {
  if (!SOCKET_ID.test(socketId)) throw new Error('unexpected socket id format');
  return `${socketId}.${hashToken(secretKey, signedText(sessionId, socketId))}`;
}

/** The socket id the header proves for this session, or null (absent, malformed or another session's). */
export function provenSocketId(secretKey: string, sessionId: number, header: string | null): string | null {
  const match = header === null ? null : HEADER.exec(header);
  if (!match) return null;
  const [, socketId, signature] = match as unknown as [string, string, string];
  return tokenMatches(secretKey, signedText(sessionId, socketId), signature) ? socketId : null;
}
