// Builds the Fastify app without listening, so tests can inject requests.
// Load order matters: plugins/external (config, Redis, metrics, limits, security,
// errors, cache, database, OpenAPI, route table) → plugins/app (services) → routes under /api.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { type Clock, systemClock } from './lib/time.js';
import authPlugin from './plugins/app/auth.js';
import calendarFeedPlugin from './plugins/app/calendar-feed.js';
import changeFeedPlugin from './plugins/app/change-feed.js';
import dashboardPlugin from './plugins/app/dashboard.js';
import goalsPlugin from './plugins/app/goals.js';
import labelsPlugin from './plugins/app/labels.js';
import listCachePlugin from './plugins/app/list-cache.js';
import liveStreamsPlugin from './plugins/app/live-streams.js';
import oauthPlugin from './plugins/app/oauth.js';
import purgeDeletedPlugin from './plugins/app/purge-deleted.js';
import pushPlugin from './plugins/app/push.js';
import reminderSchedulerPlugin from './plugins/app/reminder-scheduler.js';
import sessionsPlugin from './plugins/app/sessions.js';
import taskViewsPlugin from './plugins/app/task-views.js';
import tasksPlugin from './plugins/app/tasks.js';
import telemetryPlugin from './plugins/app/telemetry.js';
import transferPlugin from './plugins/app/transfer.js';
import usersPlugin from './plugins/app/users.js';
import cachePlugin from './plugins/external/cache.js';
import configPlugin from './plugins/external/config.js';
import databasePlugin from './plugins/external/database.js';
import errorsPlugin from './plugins/external/errors.js';
import gracefulClosePlugin from './plugins/external/graceful-close.js';
import metricsPlugin from './plugins/external/metrics.js';
import rateLimitPlugin from './plugins/external/rate-limit.js';
import redisPlugin from './plugins/external/redis.js';
import routeTablePlugin from './plugins/external/route-table.js';
import securityPlugin from './plugins/external/security.js';
import swaggerPlugin from './plugins/external/swagger.js';
import routes from './routes/index.js';

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  devIdpIssuer?: string;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Where the routes are mounted; the OpenAPI document's server. */
export const API_PREFIX = '/api';

/** Bodies larger than this are refused with 413. */
export const BODY_LIMIT = 64 * 1024;

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Never log cookies, tokens, codes or secrets: requests are logged by
    // method and path only (no query string, no headers, no body).
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  } satisfies FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: BODY_LIMIT,
    // Behind a reverse proxy, rate limits must key on the client, not the
    // proxy; only the configured proxies' X-Forwarded-For is believed.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });

  await app.register(configPlugin, {
    config,
    clock: options.clock ?? systemClock,
    devIdpIssuer: options.devIdpIssuer,
  });
  await app.register(gracefulClosePlugin);
  await app.register(redisPlugin);
  await app.register(metricsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(securityPlugin);
  await app.register(errorsPlugin);
  await app.register(cachePlugin);
  await app.register(databasePlugin);
  await app.register(swaggerPlugin, { prefix: API_PREFIX });
  await app.register(routeTablePlugin);

  await app.register(usersPlugin);
  await app.register(sessionsPlugin);
  await app.register(oauthPlugin);
  await app.register(authPlugin);
  await app.register(goalsPlugin);
  await app.register(tasksPlugin);
  await app.register(labelsPlugin);
  await app.register(taskViewsPlugin);
  await app.register(dashboardPlugin);
  await app.register(listCachePlugin);
  await app.register(changeFeedPlugin);
  await app.register(liveStreamsPlugin);
  await app.register(purgeDeletedPlugin);
  await app.register(telemetryPlugin);
  await app.register(transferPlugin);
  await app.register(calendarFeedPlugin);
  await app.register(pushPlugin);
  await app.register(reminderSchedulerPlugin);

  await app.register(routes, { prefix: API_PREFIX });
  return app;
}
