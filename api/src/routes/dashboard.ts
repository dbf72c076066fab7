// GET /dashboard/: the summary of design.md §4, in the user's time zone.
import type { FastifyInstance } from 'fastify';
import { dashboardSchema } from '../schemas/dashboard.js';

export default async function dashboardRoute(app: FastifyInstance) {
  app.get(
    '/dashboard/',
    { schema: dashboardSchema, preValidation: app.requireUser },
    async (request) =>
      app.dashboard.summary(request.auth?.userId ?? '', request.auth?.user.timezone ?? null),
  );
}
