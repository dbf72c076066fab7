// Redis, when REDIS_URL names one: what several API instances share (the
// rate-limit counters, the cache's invalidations) and the cache check of
// /health/. Without it everything stays in-process, as on one machine.
//
// Redis going away degrades the service, never breaks it: commands fail at
// once instead of queueing (no offline queue), the rate limiter lets requests
// through, invalidations reach this instance only (the cache's seconds-long
// TTLs bound the rest), health says "degraded", and the client reconnects by
// itself with a capped back-off.
// @see https://github.com/redis/ioredis
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection, or null when the API runs alone (no REDIS_URL). */
    redis: Redis | null;
  }
}

/** Reconnect delays: 200 ms, 400 ms, … capped at 2 s, forever. */
export const reconnectDelay = (attempt: number) => Math.min(attempt * 200, 2000);

export function connectRedis(
  app: Pick<FastifyInstance, 'log' | 'config'>,
  options: { offlineQueue?: boolean } = {},
): Redis {
  const client = new Redis(app.config.redisUrl ?? '', {
    keyPrefix: app.config.redisPrefix,
    lazyConnect: true,
    connectTimeout: 2000,
    enableOfflineQueue: options.offlineQueue ?? false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
  });
  let available = true;
  // Without an 'error' listener a lost connection would be an uncaught error.
  client.on('error', (error: Error) => {
    if (available)
      app.log.warn({ err: error.message }, 'redis: unavailable, degraded to this instance');
    available = false;
  });
  client.on('ready', () => {
    if (!available) app.log.info('redis: available again');
    available = true;
  });
  // Down at boot is degraded too: the API starts, and the client keeps trying.
  client.connect().catch(() => {});
  return client;
}

/** Settles when the client is ready, or has failed once, or after `ms`: never rejects. */
export function firstConnection(client: Redis, ms = 2000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    }
    client.once('ready', done);
    client.once('error', done);
  });
}

async function redis(app: FastifyInstance) {
  if (!app.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = connectRedis(app);
  // Serve once connected when Redis is there, at once (degraded) when it is not.
  await firstConnection(client);
  app.decorate('redis', client);
  app.addHook('onClose', async () => {
    client.disconnect();
  });
}

export default fp(redis, { name: 'redis', dependencies: ['config'] });
