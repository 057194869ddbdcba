/**
 * What the /metrics request histogram costs (docs/observability.md): one observation as the app's
 * onResponse hook makes it (prom-client, the same labels and buckets), then the cheapest hot routes
 * of the built app with metrics off and on (METRICS_TOKEN), alternating, where the hook weighs as
 * much as it ever can. Prints figures only (no budget, no results file):
 *   npm run build && npx tsx bench/observability.bench.ts     # BENCH_SECONDS (5), BENCH_ROUNDS (3)
 */
import { Histogram, Registry } from 'prom-client';
import { BenchApp } from './lib/app-process.js';
import { figure, printFigures, type Figure } from './lib/figures.js';
import { load } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4640);
const CONNECTIONS = 16;
const HOT_ROUTES = ['/api/health/live', '/api/config'];

/** Nanoseconds per observation, over a few route labels as real traffic has. */
function observationCost(): number {
  const histogram = new Histogram({
    name: 'teamboard_http_request_duration_seconds',
    help: 'as features/observability/prometheus.ts makes it',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [new Registry()],
  });
  const routes = ['/api/boards/:id', '/api/tasks/:id', '/api/projects', '/api/folders', '/api/config'];
  const calls = 2_000_000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    histogram.observe({ method: 'GET', route: routes[i % routes.length]!, status_code: 200 }, 0.004);
  }
  return Number(process.hrtime.bigint() - start) / calls;
}

async function hotRoute(route: string, withMetrics: boolean, round: number): Promise<Figure[]> {
  const app = new BenchApp(PORT, withMetrics ? { METRICS_TOKEN: 'bench-metrics-token-0123456789' } : {});
  await app.start();
  try {
    const next = () => ({ method: 'GET' as const, path: route });
    await load(app.url, CONNECTIONS, 1, next);
    const result = await load(app.url, CONNECTIONS, SECONDS, next);
    const name = `GET ${route}, metrics ${withMetrics ? 'on' : 'off'}, round ${round}`;
    return [
      figure(`${name}: throughput`, result.rps, 'req/s', '', null),
      figure(`${name}: p99`, result.p99, 'ms', '', null),
    ];
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    figures.push(figure(`observe() alone, round ${round}`, observationCost(), 'ns/request', '', null));
  }
  for (const route of HOT_ROUTES) {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const withMetrics of [false, true]) figures.push(...(await hotRoute(route, withMetrics, round)));
    }
  }
  printFigures(figures);
}

await main();
