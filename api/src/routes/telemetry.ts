// POST /telemetry/remote-loads/: the host's runtime plugin reports how each
// remote load went (app, version, failed phase, duration; no user data) under
// the browser's random id, from signed-out pages too, so no session is
// needed. JSON only, 16 KB and 50 loads at most, 60 batches a minute per
// address (TELEMETRY_RATE_LIMIT_PER_MINUTE).
// GET /telemetry/remote-loads/stats/?minutes=15: the figures per version
// (browsers, failing browsers, loads, failures, p75), for `pnpm registry
// status` and the canary watcher; operators only (METRICS_TOKEN).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { RemoteLoadBatchSchema, RemoteLoadStatsSchema } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import { bearerCheck } from '../lib/bearer.js';
import { HttpError } from '../lib/errors.js';

export const TELEMETRY_BODY_LIMIT = 16 * 1024;

export default async function telemetryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    REMOTE_LOADS.path,
    {
      schema: {
        tags: ['telemetry'],
        summary: 'Report remote loads (202); no session needed',
        body: RemoteLoadBatchSchema,
        response: { 202: Type.Object({ accepted: Type.Integer() }) },
      },
      bodyLimit: TELEMETRY_BODY_LIMIT,
      config: { rateLimit: { max: app.config.telemetryRateLimitPerMinute, timeWindow: 60_000 } },
      preValidation: async (request) => {
        // Fastify would parse text/plain as a string and answer 400: say what is wrong instead.
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') {
          throw new HttpError(415, 'unsupported_media_type', 'Remote loads are sent as JSON');
        }
      },
    },
    async (request, reply) => {
      await app.telemetry.record(request.body.loads, {
        clientId: request.body.client,
        address: request.ip,
      });
      return reply.code(202).send({ accepted: request.body.loads.length });
    },
  );

  const token = app.config.metricsToken;
  if (!token) return;
  const authorize = bearerCheck(token, 'Remote load figures');
  app.get(
    REMOTE_LOADS.statsPath,
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          // A query string is text: digits here, the range checked below.
          minutes: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
        }),
        response: {
          200: Type.Object({
            minutes: Type.Integer(),
            versions: Type.Array(RemoteLoadStatsSchema),
          }),
        },
      },
    },
    async (request) => {
      authorize(request);
      const minutes = Number(request.query.minutes ?? REMOTE_LOADS.windowMinutesDefault);
      if (minutes < 1 || minutes > REMOTE_LOADS.windowMinutesMax) {
        throw new HttpError(
          400,
          'invalid_window',
          `minutes must be 1 to ${REMOTE_LOADS.windowMinutesMax}`,
        );
      }
      return { minutes, versions: await app.telemetry.stats(minutes * 60_000) };
    },
  );
}
