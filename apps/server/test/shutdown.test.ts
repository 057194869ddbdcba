import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ServerProcess } from './helpers/server-process.js';

/**
 * The server's own process, stopped as a deployment stops it (SIGTERM). Node's server.close() closes
 * only idle connections: one that sent half a request would hold the exit until the header timeout
 * (60 s and more, past this test's timeout) without the grace period in src/server.ts.
 */
describe('stopping the server', () => {
  it('exits cleanly on SIGTERM although a client sent only half a request', async () => {
    const server = await ServerProcess.start({});
    const { hostname, port } = new URL(server.baseUrl);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // No blank line after the headers: the request never ends.
    await new Promise((resolve) => socket.write('GET /api/health HTTP/1.1\r\nHost: example\r\n', resolve));
    // The server's parser must have read those bytes before the signal, or the connection is idle.
    await new Promise((resolve) => setTimeout(resolve, 300));

    await server.stop();

    expect(server.exitCode).toBe(0);
    await closed;
  });
});
