// GET /calendar/<secret>.ics: a user's due tasks for their calendar app. No
// session: the secret in the address is the only key, and it opens this
// document and nothing else. A secret that is not current (rotated, turned
// off, never made, malformed) gets the same 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.js';
import { calendarDocument } from '../lib/ics.js';
import { calendarSchema } from '../schemas/calendar-feed.js';

const ICS_SUFFIX = '.ics';

export default async function calendarRoute(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/calendar/:file', { schema: calendarSchema }, async (request, reply) => {
    const { file } = request.params;
    const token = file.endsWith(ICS_SUFFIX) ? file.slice(0, -ICS_SUFFIX.length) : '';
    const owner = await app.calendarFeed.ownerOf(token);
    if (!owner) throw notFound();
    const tasks = await app.calendarFeed.dueTasks(owner.userId);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="stride.ics"')
      .header('cache-control', 'private, no-cache')
      .send(calendarDocument(tasks, { timeZone: owner.timeZone, appUrl: app.config.appOrigin }));
  });
}
