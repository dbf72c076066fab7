// What operators scrape at /api/metrics (routes/metrics.ts), in Prometheus'
// text format: every request by route and status with a latency histogram,
// rate-limit refusals, the database pool, the caches, and Node's own figures.
// Each app has a registry of its own (tests build many apps in one process).
// @see https://github.com/siimon/prom-client
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** A request refused by the rate limiter, by route. */
      rateLimited: Counter<'route'>;
    };
  }
}

async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'stride_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'stride_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'stride_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const rateLimited = new Counter({
    name: 'stride_rate_limited_total',
    help: 'Requests refused with 429, by route pattern',
    labelNames: ['route'],
    registers,
  });
  // Read when scraped: the database, the caches and Redis are decorated later.
  new Gauge({
    name: 'stride_db_pool_connections',
    help: 'PostgreSQL pool connections by state (SQLite has one connection, no pool)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = app.database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'stride_cache_entries',
    help: 'Entries in the in-process cache (sessions)',
    registers,
    collect() {
      this.set(app.cache.size);
    },
  });
  new Gauge({
    name: 'stride_list_cache_bytes',
    help: 'Bytes of serialized list pages held by the list cache',
    registers,
    collect() {
      this.set(app.listCache.stats().bytes);
    },
  });
  new Counter({
    name: 'stride_list_cache_lookups_total',
    help: 'List cache lookups by result (hit: served without the list query)',
    labelNames: ['result'],
    registers,
    collect() {
      const { hits, misses } = app.listCache.stats();
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  new Gauge({
    name: 'stride_live_sync_streams',
    help: 'Change streams (GET /api/events/) open on this instance',
    registers,
    collect() {
      this.set(app.liveStreams.size);
    },
  });
  new Gauge({
    name: 'stride_live_sync_buffered_bytes',
    help: 'Bytes written to change streams that their clients have not taken yet',
    registers,
    collect() {
      this.set(app.liveStreams.buffered);
    },
  });
  new Gauge({
    name: 'stride_redis_up',
    help: '1 while the shared Redis answers, 0 while it is away (absent without REDIS_URL)',
    registers,
    collect() {
      if (app.redis) this.set(app.redis.status === 'ready' ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The pattern (/api/tasks/:id/), never the raw URL: bounded label values.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.decorate('metrics', { registry, rateLimited });
}

export default fp(metrics, { name: 'metrics', dependencies: ['config'] });
