import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric name starts with it, the process metrics (heap, event-loop lag…) included. */
export const METRIC_PREFIX = 'teamboard_';

/** The route label of a request no route matched (404s): one value, whatever URL was asked. */
export const UNMATCHED_ROUTE = 'not_found';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the gauges read at each scrape; each answers for this instance only. */
export interface MetricSources {
  /** The database pool now, or null when it cannot be read. */
  pool(): { total: number; idle: number | null; waiting: number } | null;
  /** Socket.IO clients connected to this instance. */
  sockets(): number;
  /** Rows of the jobs table per state and kind. */
  jobCounts(): Promise<{ state: string; kind: string; count: number }[]>;
  /** A gauge whose source failed: the scrape still answers, without that gauge's samples. */
  onCollectError(metric: string, error: unknown): void;
}

export interface AppMetrics {
  readonly contentType: string;
  /** One answered request: `route` is the route's pattern (or null when none matched), never the URL. */
  observeResponse(method: string, route: string | null, statusCode: number, seconds: number): void;
  /** The Prometheus text of this app's metrics and the process's. */
  render(): Promise<string>;
}

let processRegistry: Registry | null = null;

/**
 * Heap, event-loop lag, GC, CPU… belong to the process, not to an app, and collectDefaultMetrics
 * starts an event-loop monitor and a GC observer it never stops: registered once per process in a
 * registry of their own (not prom-client's global one), however many apps a test file builds.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/** A fresh registry per app: request histogram, database pool, sockets and job queue gauges. */
export function createAppMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests answered, by method, route pattern and status code, and how long each took.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  registerPoolGauges(registers, sources);
  registerSocketGauge(registers, sources);
  registerJobGauge(registers, sources);

  return {
    contentType: registry.contentType,
    observeResponse(method, route, statusCode, seconds) {
      requests.observe(
        {
          method: KNOWN_METHODS.has(method) ? method : 'OTHER',
          route: route ?? UNMATCHED_ROUTE,
          status_code: statusCode,
        },
        seconds,
      );
    },
    render: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
}

function registerPoolGauges(registers: Registry[], sources: MetricSources): void {
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'Database connections of this instance by state (total, idle); SQLite has one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      if (pool.idle !== null) this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_waiting_queries`,
    help: 'Queries of this instance waiting for a free database connection.',
    registers,
    collect() {
      this.reset();
      const pool = sources.pool();
      if (pool) this.set(pool.waiting);
    },
  });
}

function registerSocketGauge(registers: Registry[], sources: MetricSources): void {
  new Gauge({
    name: `${METRIC_PREFIX}socket_connections`,
    help: 'Socket.IO clients connected to this instance.',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
}

function registerJobGauge(registers: Registry[], sources: MetricSources): void {
  const name = `${METRIC_PREFIX}jobs`;
  new Gauge({
    name,
    help: 'Background jobs in the queue (the jobs table, shared by every instance) by state and kind.',
    labelNames: ['state', 'kind'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const { state, kind, count } of await sources.jobCounts()) this.set({ state, kind }, count);
      } catch (error) {
        sources.onCollectError(name, error);
      }
    },
  });
}
