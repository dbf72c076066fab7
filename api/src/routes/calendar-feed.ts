// GET/POST/DELETE /calendar-feed/ (signed in): the feed's switch. The
// address is made from the API's public URL, so a calendar app reaches it
// wherever the API is served.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  calendarFeedDisableSchema,
  calendarFeedRenewSchema,
  calendarFeedStatusSchema,
} from '../schemas/calendar-feed.js';

export default async function calendarFeedRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/calendar-feed/', { schema: calendarFeedStatusSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.calendarFeed.status(request.userId);
  });

  app.post('/calendar-feed/', { schema: calendarFeedRenewSchema }, async (request, reply) => {
    const { token, created_at } = await app.calendarFeed.renew(request.userId);
    const url = `${app.config.apiPublicUrl}/api/calendar/${token}.ics`;
    return reply.code(201).header('cache-control', 'no-store').send({ url, created_at });
  });

  app.delete('/calendar-feed/', { schema: calendarFeedDisableSchema }, async (request) => {
    await app.calendarFeed.disable(request.userId);
    return { ok: true };
  });
}
