// POST /auth/logout/ ends this session; POST /auth/logout-all/ ends every
// session of the user, on every device. Both clear the cookie.
import type { FastifyInstance } from 'fastify';
import { logoutAllSchema, logoutSchema } from '../../schemas/auth.js';

/** Works signed in or not: it only ends what the browser presents. */
export default async function logoutRoute(app: FastifyInstance) {
  app.post('/auth/logout/', { schema: logoutSchema }, async (request, reply) => {
    await app.endSession(request, reply);
    return { ok: true };
  });
}

/** Signed in only (registered under routes/signed-in.ts). */
export async function logoutAllRoute(app: FastifyInstance) {
  app.post('/auth/logout-all/', { schema: logoutAllSchema }, async (request, reply) => {
    await app.sessions.destroyAll(request.userId);
    await app.endSession(request, reply);
    return { ok: true };
  });
}
