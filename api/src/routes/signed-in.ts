// The signed-in part of the API behind one gate. It runs at onRequest, before
// the body is read: an anonymous request gets its 401 without the server
// buffering or parsing a byte of what it sent (an import may be megabytes),
// and learns nothing about which fields would have been wrong. Inside,
// `request.userId` is the user's.
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeKind } from '../plugins/app/change-feed.js';
import { SESSION_REQUIRED } from '../plugins/external/swagger.js';
import { logoutAllRoute } from './auth/logout.js';
import profileRoutes from './auth/profile.js';
import calendarFeedRoutes from './calendar-feed.js';
import dashboardRoute from './dashboard.js';
import eventRoutes from './events.js';
import goalRoutes from './goals.js';
import labelRoutes from './labels.js';
import onboardingRoute from './onboarding.js';
import pushRoutes from './push.js';
import reminderRoutes from './reminders.js';
import taskRoutes from './tasks.js';
import transferRoutes from './transfer.js';
import viewRoutes from './views.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which of the user's data a route writes, for the change stream. */
function changeKindOf(route: string | undefined): ChangeKind | null {
  if (!route) return null;
  // Labels and saved views show in the Tasks page: its lists refetch.
  if (route.includes('/tasks/') || route.includes('/labels/') || route.includes('/views/')) {
    return 'tasks';
  }
  // "Done" from a reminder completes its task; a snooze changes nothing shown.
  if (route.includes('/reminders/')) return route.endsWith('/done/') ? 'tasks' : null;
  // An import adds goals and tasks: every list is stale (its preview writes nothing).
  if (route.endsWith('/import/')) return 'tasks';
  if (route.includes('/goals/')) return 'goals';
  if (route.includes('/update-profile/') || route.includes('/onboarding/')) return 'profile';
  return null;
}

function clientOf(request: FastifyRequest): string | null {
  const value = request.headers[LIVE_SYNC.clientHeader];
  return typeof value === 'string' && value.length <= 64 ? value : null;
}

export default async function signedInRoutes(app: FastifyInstance) {
  // The gate, and the OpenAPI document's word for it, from this one place:
  // a route is anonymous exactly when it is registered outside this plugin.
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: SESSION_REQUIRED };
  });
  // After a write succeeded and its answer went out: tell the user's other
  // tabs, with the version it brought — read once here, not by each stream.
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 300 || !request.userId) return;
    const kind = changeKindOf(request.routeOptions.url);
    if (!kind) return;
    const { userId } = request;
    const version = (await app.listCache.version(userId).catch(() => undefined)) ?? null;
    app.changes.publish({ type: 'change', userId, kind, client: clientOf(request), version });
  });
  await app.register(eventRoutes);
  await app.register(profileRoutes);
  await app.register(logoutAllRoute);
  await app.register(onboardingRoute);
  await app.register(goalRoutes);
  await app.register(taskRoutes);
  await app.register(labelRoutes);
  await app.register(dashboardRoute);
  await app.register(transferRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(viewRoutes);
  await app.register(reminderRoutes);
  await app.register(pushRoutes);
}
