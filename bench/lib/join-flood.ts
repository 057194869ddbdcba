import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile } from './figures.js';
import type { SocketAuth } from './socket-swarm.js';

export interface HealthLatency {
  requests: number;
  p50: number;
  p99: number;
}

export interface FloodResult extends HealthLatency {
  joinsSent: number;
  /** Times the server disconnected the flooding socket; each time the flooder came straight back. */
  disconnects: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `/api/health`, one request after another for `durationMs`: its latency percentiles. */
export async function healthLatency(url: string, durationMs: number): Promise<HealthLatency> {
  const times: number[] = [];
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    const start = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  return { requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * One account floods board:join for boards it cannot see (join-flooder.ts, in a child process so its
 * own work does not slow this one), while `/api/health` is timed here.
 */
export async function healthDuringJoinFlood(
  url: string,
  auth: SocketAuth,
  durationMs: number,
): Promise<FloodResult> {
  const flooder = fork(fileURLToPath(new URL('./join-flooder.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FLOOD_URL: url, FLOOD_AUTH: JSON.stringify(auth) },
  });
  const stats = new Promise<{ joinsSent: number; disconnects: number }>((resolve, reject) => {
    flooder.once('message', (message) => resolve(message as { joinsSent: number; disconnects: number }));
    flooder.once('error', reject);
    flooder.once('exit', (code) => reject(new Error(`the join flooder exited (${code}) before reporting`)));
  });
  try {
    await sleep(500);
    const latency = await healthLatency(url, durationMs);
    flooder.send('stop');
    return { ...latency, ...(await stats) };
  } finally {
    flooder.kill();
  }
}
