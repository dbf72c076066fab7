// GET /events/: the signed-in user's change stream (server-sent events).
// Each event's id is the user's data version, so a reconnect with
// Last-Event-ID that missed changes gets one "all" event at once and the
// tab refetches; a heartbeat comment keeps proxies from closing an idle
// stream. The stream ends when the tab goes, or when the server closes.
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import type { Change } from '../plugins/app/change-feed.js';

const event = (name: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export default async function eventRoutes(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    LIVE_SYNC.path,
    {
      schema: {
        tags: ['events'],
        summary: 'Server-sent events: a `change` event ({kind, client}) after each write of yours',
      },
    },
    async (request, reply) => {
      const { userId } = request;
      const current = (await app.listCache.version(userId)) ?? 0;
      const lastSeen = Number(request.headers['last-event-id']);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${LIVE_SYNC.retryMs}\n\n`);
      raw.write(event('ready', { version: current }, current));
      // Changes made while this tab was away: one event, and it refetches.
      if (Number.isInteger(lastSeen) && lastSeen < current) {
        raw.write(event('change', { kind: 'all', client: null }, current));
      }

      let writing = Promise.resolve();
      const unsubscribe = app.changes.subscribe(userId, (change: Change) => {
        // In order, each with the version it brought.
        writing = writing.then(async () => {
          const version = await app.listCache.version(userId).catch(() => undefined);
          raw.write(event('change', { kind: change.kind, client: change.client }, version));
        });
      });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), LIVE_SYNC.heartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
}
