import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** The instance each request or WebSocket upgrade was handed to, in order. */
  readonly routed: string[];
  close(): Promise<void>;
}

/**
 * A load balancer with no stickiness at all, as deploy/nginx.conf is: each request and each
 * WebSocket upgrade goes to the next instance in turn. Requests are streamed both ways; an upgrade
 * is replayed to the instance and the two sockets are joined.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const routed: string[] = [];
  let turn = 0;
  const next = () => {
    const target = new URL(targets[turn++ % targets.length]!);
    routed.push(target.origin);
    return target;
  };
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const target = next();
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = next();
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => client.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        upstream.destroy();
        client.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
