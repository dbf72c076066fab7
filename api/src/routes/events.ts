// GET /events/: the signed-in user's change stream (server-sent events).
// Each event's id is the user's data version, so a reconnect with
// Last-Event-ID that missed changes gets one "all" event at once and the
// tab refetches; a heartbeat comment keeps proxies from closing an idle
// stream.
//
// Bounded: a user's streams and all streams on this instance are capped (a
// JSON 429 with Retry-After before the stream starts); a stream lives at most
// LIVE_SYNC_LIFETIME_SECONDS and never past its session, then ends with an
// `end` event (the browser reconnects, showing its session again, or signs
// out when the reason is `signed-out`); a client that stops reading is sent
// nothing more and cut off (lib/event-stream.ts).
import { Type } from '@sinclair/typebox';
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.js';
import { EventStream, sseEvent } from '../lib/event-stream.js';
import type { ActiveSession } from '../plugins/app/sessions.js';
import { errorResponses } from '../schemas/common.js';

const REFUSED = {
  user: 'Too many live update streams open for this account',
  total: 'Too many live update streams open, try again shortly',
} as const;

/** Up to a tenth longer, at random: streams opened together come back spread out. */
const withJitter = (ms: number) => Math.round(ms * (1 + Math.random() / 10));

export default async function eventRoutes(app: FastifyInstance) {
  app.get(
    LIVE_SYNC.path,
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events: a `change` event ({kind, client}) after each write of yours; a `reminder` event (a ReminderNotice) when one of your reminders goes out; `end` ({reason}) when the server ends the stream; 429 when too many are open',
        response: {
          200: {
            description: 'The stream',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const { userId } = request;
      const session = request.auth as ActiveSession;
      const current = (await app.listCache.version(userId)) ?? 0;
      // Checked after the last await, so nothing can open a stream in between.
      const refusal = app.liveStreams.refusal(userId);
      if (refusal) {
        reply.header('retry-after', String(LIVE_SYNC.refusedRetrySeconds));
        throw new HttpError(429, 'too_many_streams', REFUSED[refusal]);
      }
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

      let timer: ReturnType<typeof setTimeout> | undefined;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      const stream = new EventStream(raw, app.config.liveSync.drainMs, () => {
        clearTimeout(timer);
        clearInterval(heartbeat);
        remove();
      });
      const remove = app.liveStreams.add({
        userId,
        session: session.idHash,
        change: (change) =>
          stream.change({ kind: change.kind, client: change.client }, change.version),
        reminder: (notice) => stream.send(sseEvent('reminder', notice)),
        end: (reason) => stream.end(reason),
        get buffered() {
          return stream.buffered;
        },
      });

      stream.send(`retry: ${LIVE_SYNC.retryMs}\n\n`);
      // Read again now that the stream follows: every change after this
      // version reaches it, so a tab whose data was read at this version or
      // later has nothing to catch up (shared/src/sync/live-sync.ts). The
      // database gone since the first read: that one, and no such promise
      // (`version: null`), so the tab catches up in full.
      const following = await app.listCache.version(userId).catch(() => undefined);
      if (!stream.isOpen) return;
      const version = following ?? current;
      stream.send(sseEvent('ready', { version: following ?? null }, version));
      // Changes made while this tab was away: one event, and it refetches.
      if (Number.isInteger(lastSeen) && lastSeen < version) {
        stream.change({ kind: 'all', client: null }, version);
      }
      heartbeat = setInterval(() => stream.send(': ping\n\n'), LIVE_SYNC.heartbeatMs);

      // The stream ends at its lifetime, or at its session's end if that comes
      // first; then the session is asked again (another tab may have kept it
      // alive) and the stream goes on or ends as signed out.
      const endOfLife = Date.now() + withJitter(app.config.liveSync.lifetimeMs);
      const schedule = (current: ActiveSession) => {
        const sessionLeft = app.sessions.endsAt(current) - app.clock().getTime();
        const lifeLeft = endOfLife - Date.now();
        timer = setTimeout(
          () => void (sessionLeft < lifeLeft ? recheck() : stream.end('lifetime')),
          Math.max(0, Math.min(sessionLeft, lifeLeft)),
        );
      };
      const recheck = async () => {
        const still = await app.sessions.check(session.idHash).catch(() => undefined);
        if (!stream.isOpen) return;
        // The database away: not a sign-out; the stream ends at its lifetime.
        if (still === undefined)
          timer = setTimeout(() => stream.end('lifetime'), endOfLife - Date.now());
        else if (still === null) stream.end('signed-out');
        else schedule(still);
      };
      schedule(session);
    },
  );
}
