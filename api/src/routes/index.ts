// Every route, mounted under /api by app.ts: the public ones here, the ones
// that need a session in signed-in.ts (one gate for all of them).
import type { FastifyInstance } from 'fastify';
import appleCallbackRoute from './auth/apple-callback.js';
import googleCallbackRoute from './auth/google-callback.js';
import initiateRoutes from './auth/initiate.js';
import logoutRoute from './auth/logout.js';
import statusRoute from './auth/status.js';
import calendarRoute from './calendar.js';
import healthRoute from './health.js';
import metricsRoute from './metrics.js';
import openapiRoute from './openapi.js';
import signedInRoutes from './signed-in.js';
import telemetryRoutes from './telemetry.js';

export default async function routes(app: FastifyInstance) {
  await app.register(healthRoute);
  await app.register(metricsRoute);
  await app.register(openapiRoute);
  await app.register(statusRoute);
  await app.register(initiateRoutes);
  await app.register(googleCallbackRoute);
  await app.register(appleCallbackRoute);
  await app.register(logoutRoute);
  await app.register(telemetryRoutes);
  await app.register(calendarRoute);
  await app.register(signedInRoutes);
}
