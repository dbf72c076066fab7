// GET /metrics/ for Prometheus. Off (404) unless METRICS_TOKEN is set; a
// scrape then sends `Authorization: Bearer <token>`. The nginx recipe also
// keeps the path off the public origin: operators scrape each instance directly.
import type { FastifyInstance } from 'fastify';
import { bearerCheck } from '../lib/bearer.js';

export default async function metricsRoute(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  const authorize = bearerCheck(token, 'Metrics');
  app.get('/metrics/', { schema: { hide: true } }, async (request, reply) => {
    authorize(request);
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
