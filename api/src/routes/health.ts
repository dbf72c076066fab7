// GET /health/: database = a real round trip with a short timeout; cache =
// Redis answering a PING when the API shares one (in-process, nothing to check). 200 healthy or degraded, 503 unhealthy, body always.
import type { FastifyInstance } from 'fastify';
import { withTimeout } from '../lib/time.js';
import { healthSchema } from '../schemas/health.js';

type Status = 'healthy' | 'unhealthy';

export default async function healthRoute(app: FastifyInstance) {
  app.get('/health/', { schema: healthSchema }, async (_request, reply) => {
    const database: Status = await withTimeout(app.database.probe(), 1000, 'database probe').then(
      () => 'healthy',
      (err) => {
        app.log.warn({ code: err?.code }, 'health: database unhealthy');
        return 'unhealthy';
      },
    );
    const cache: Status = (await app.cacheHealthy()) ? 'healthy' : 'unhealthy';
    const status =
      database === 'unhealthy' ? 'unhealthy' : cache === 'unhealthy' ? 'degraded' : 'healthy';
    return reply
      .code(status === 'unhealthy' ? 503 : 200)
      .send({ status, checks: { database: { status: database }, cache: { status: cache } } });
  });
}
