// The signed-in part of the API behind one gate. It runs at preValidation:
// after the body is parsed (malformed JSON is a 400 on every route) and before
// it is validated, so an anonymous request gets a 401 and learns nothing about
// which fields would have been wrong. Inside, `request.userId` is the user's.
import type { FastifyInstance } from 'fastify';
import { logoutAllRoute } from './auth/logout.js';
import profileRoutes from './auth/profile.js';
import dashboardRoute from './dashboard.js';
import goalRoutes from './goals.js';
import onboardingRoute from './onboarding.js';
import taskRoutes from './tasks.js';

export default async function signedInRoutes(app: FastifyInstance) {
  app.addHook('preValidation', app.requireUser);
  await app.register(profileRoutes);
  await app.register(logoutAllRoute);
  await app.register(onboardingRoute);
  await app.register(goalRoutes);
  await app.register(taskRoutes);
  await app.register(dashboardRoute);
}
