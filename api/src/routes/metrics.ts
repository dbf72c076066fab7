// GET /metrics/ for Prometheus. Off (404) unless METRICS_TOKEN is set; a
// scrape then sends `Authorization: Bearer <token>`. The nginx recipe also
// keeps the path off the public origin: operators scrape each instance directly.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export default async function metricsRoute(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics/', { schema: { hide: true } }, async (request, reply) => {
    // Equal-length digests: the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new HttpError(401, 'not_authenticated', 'Metrics need the bearer token');
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
