import type { AssistantStreamEvent } from '@teamboard/contract';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSecurityHeaders } from '../../plugins/security-headers.js';

/** A comment line now and then keeps proxies and browsers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/**
 * Answers as a server-sent event stream (SPEC §7): `data: <json>` lines, then `data: [DONE]`. The
 * work gets a signal that aborts when the client goes away, so a model call stops with it.
 */
export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { isProduction: boolean },
  work: (emit: (event: AssistantStreamEvent) => void, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  // A hijacked reply skips the onSend hooks: the stream gets every answer's security headers here.
  setSecurityHeaders(request, reply, options);
  const securityHeaders = reply.getHeaders() as OutgoingHttpHeaders;
  const abort = new AbortController();
  const raw = reply.raw;
  raw.on('close', () => {
    if (!raw.writableFinished) abort.abort();
  });
  reply.hijack();
  raw.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const write = (text: string) => {
    if (!abort.signal.aborted && !raw.writableEnded) raw.write(text);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  try {
    write(': stream\n\n');
    await work((event) => write(`data: ${JSON.stringify(event)}\n\n`), abort.signal);
    write('data: [DONE]\n\n');
  } finally {
    clearInterval(heartbeat);
    if (!raw.writableEnded) raw.end();
  }
}
