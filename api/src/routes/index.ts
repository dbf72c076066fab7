// Every route, mounted under /api by app.ts. Add a route file here.
import type { FastifyInstance } from 'fastify';
import appleCallbackRoute from './auth/apple-callback.js';
import googleCallbackRoute from './auth/google-callback.js';
import initiateRoutes from './auth/initiate.js';
import logoutRoutes from './auth/logout.js';
import profileRoutes from './auth/profile.js';
import statusRoute from './auth/status.js';
import dashboardRoute from './dashboard.js';
import goalRoutes from './goals.js';
import healthRoute from './health.js';
import onboardingRoute from './onboarding.js';
import openapiRoute from './openapi.js';
import taskRoutes from './tasks.js';

export default async function routes(app: FastifyInstance) {
  await app.register(healthRoute);
  await app.register(openapiRoute);
  await app.register(statusRoute);
  await app.register(initiateRoutes);
  await app.register(googleCallbackRoute);
  await app.register(appleCallbackRoute);
  await app.register(profileRoutes);
  await app.register(logoutRoutes);
  await app.register(onboardingRoute);
  await app.register(goalRoutes);
  await app.register(taskRoutes);
  await app.register(dashboardRoute);
}
