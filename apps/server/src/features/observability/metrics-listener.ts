import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayReadMetrics } from './metrics-access.js';
import type { AppMetrics } from './prometheus.js';

export interface MetricsListener {
  /** `http://host:port` as bound (METRICS_PORT=0 picks a free port). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * /metrics alone on an internal address (METRICS_HOST:METRICS_PORT), away from the public port:
 * nothing else is served there, and the token, when one is set, is asked for here too.
 */
export async function startMetricsListener(
  metrics: AppMetrics,
  options: { host: string; port: number; token: string | null; onError(error: unknown): void },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return answer(response, 404, 'Not found\n');
    if (!mayReadMetrics(request.headers.authorization, options.token)) {
      response.setHeader('www-authenticate', 'Bearer');
      return answer(response, 401, 'Unauthorized\n');
    }
    metrics.render().then(
      (text) => answer(response, 200, text, metrics.contentType),
      (error: unknown) => {
        options.onError(error);
        answer(response, 500, 'Metrics failed\n');
      },
    );
  });
  await listen(server, options.host, options.port);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  response: import('node:http').ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain; charset=utf-8',
): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
