// Rate limiting is opt-in per route (`config.rateLimit`): the sign-in routes
// and the 404 handler use it; ordinary reads stay fast. With Redis the
// counters are shared by every API instance (a limit is per client, not per
// instance); while Redis is away requests pass rather than fail.
// @see https://github.com/fastify/fastify-rate-limit
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';

async function limiter(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    onExceeded: (request) =>
      app.metrics.rateLimited.inc({ route: request.routeOptions.url ?? 'unmatched' }),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests, retry in ${context.after}`),
  });
}

export default fp(limiter, { name: 'rate-limit', dependencies: ['redis', 'metrics'] });
