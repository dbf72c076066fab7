// GET /dashboard/: the summary of docs/architecture.md §4, in the user's time zone.
import type { FastifyInstance } from 'fastify';
import { localDate } from '../lib/dates.js';
import { dashboardSchema } from '../schemas/dashboard.js';

export default async function dashboardRoute(app: FastifyInstance) {
  app.get('/dashboard/', { schema: dashboardSchema }, async (request, reply) => {
    const userId = request.userId;
    const timeZone = request.auth?.user.timezone ?? null;
    // Every number depends only on the data and the user's calendar day.
    const now = app.clock();
    const today = localDate(now, timeZone);
    return app.listCache.send(reply, userId, `dashboard ${timeZone} ${today}`, () =>
      app.dashboard.summary(userId, timeZone, now),
    );
  });
}
