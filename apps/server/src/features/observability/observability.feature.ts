import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { AppError } from '../../lib/app-error.js';
import { hasMetricsToken } from './metrics-access.js';
import { startMetricsListener, type MetricsListener } from './metrics-listener.js';
import type { AppMetrics, MetricSources } from './prometheus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The internal /metrics listener's address once ready (METRICS_PORT), else null. */
    metricsListenerUrl(): string | null;
  }
}

/**
 * Prometheus metrics (docs/observability.md), only when exposed: METRICS_TOKEN serves /metrics on
 * the app's port to Bearer-token holders, METRICS_PORT on an internal listener of its own. Neither
 * set, nothing is measured and /metrics answers 404 (always registered, so the web app's page
 * fallback never serves it index.html).
 */
export async function observabilityFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { token, listener: listenAt } = core.config.metrics;
  const metrics = token !== null || listenAt !== null ? await createMetrics(core) : null;
  let listener: MetricsListener | null = null;
  app.decorate('metricsListenerUrl', () => listener?.url ?? null);
  if (metrics) recordResponses(app, metrics);
  if (metrics && listenAt) {
    app.addHook('onReady', async () => {
      listener = await startMetricsListener(metrics, { ...listenAt, token, onError: logError(core) });
    });
    app.addHook('onClose', async () => listener?.close());
  }

  app.get(
    '/metrics',
    // The token is the credential (checked here); a plain text answer, outside the API's description.
    { schema: { hide: true }, config: { permission: 'public' } },
    async (request, reply) => {
      if (!metrics || token === null) throw new AppError('NOT_FOUND');
      if (!hasMetricsToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHORIZED');
      }
      const text = await metrics.render();
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}

/**
 * Every answered request into the histogram, labelled with its route's pattern (`/api/tasks/:id`),
 * never the URL: one series per route, however many ids are asked for.
 */
function recordResponses(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeResponse(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** prom-client is loaded only when metrics are exposed: an instance without them does not pay its memory. */
async function createMetrics(core: AppCore): Promise<AppMetrics> {
  const { createAppMetrics } = await import('./prometheus.js');
  return createAppMetrics(metricSources(core));
}

function metricSources(core: AppCore): MetricSources {
  const { db, config, realtime } = core;
  return {
    pool: () =>
      core.database.poolStats() ??
      (config.database.dialect === 'sqlite' ? { total: 1, idle: null, waiting: 0 } : null),
    sockets: () => realtime.io.engine.clientsCount,
    async jobCounts() {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['state', 'kind', eb.fn.countAll<number | string>().as('count')])
        .groupBy(['state', 'kind'])
        .execute();
      // PostgreSQL's count is a bigint, which pg hands over as a string.
      return rows.map((row) => ({ state: row.state, kind: row.kind, count: Number(row.count) }));
    },
    onCollectError: (metric, error) => core.log.warn({ err: error, metric }, 'metric collection failed'),
  };
}

function logError(core: AppCore): (error: unknown) => void {
  return (error) => core.log.error({ err: error }, 'metrics scrape failed');
}
