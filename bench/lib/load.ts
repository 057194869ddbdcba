import autocannon from 'autocannon';

/** What one load run measured: latency percentiles (ms), throughput and failures. */
export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  failures: number;
  requests: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * Drives the server with autocannon for `seconds` at `connections` concurrency. `next` returns the
 * request to send each time, so a run can rotate tasks, columns or accounts.
 */
export function load(
  baseUrl: string,
  connections: number,
  seconds: number,
  next: () => LoadRequest,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const { method, path, headers = {}, body } = next();
              return {
                ...request,
                method,
                path,
                headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
                body: body === undefined ? undefined : JSON.stringify(body),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: result.latency.p50,
          p99: result.latency.p99,
          rps: result.requests.average,
          failures: result.non2xx + result.errors + result.timeouts,
          requests: result.requests.total,
        });
      },
    );
  });
}

/** Cycles through a list forever. */
export function cycle<T>(items: T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length]!;
}
