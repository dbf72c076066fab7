// POST /auth/logout/ ends this session; POST /auth/logout-all/ ends every
// session of the user, on every device. Both clear the cookie.
import type { FastifyInstance } from 'fastify';
import { logoutAllSchema, logoutSchema } from '../../schemas/auth.js';

export default async function logoutRoutes(app: FastifyInstance) {
  app.post('/auth/logout/', { schema: logoutSchema }, async (request, reply) => {
    await app.endSession(request, reply);
    return { ok: true };
  });

  app.post(
    '/auth/logout-all/',
    { schema: logoutAllSchema, preHandler: app.requireUser },
    async (request, reply) => {
      if (request.auth) await app.sessions.destroyAll(request.auth.userId);
      await app.endSession(request, reply);
      return { ok: true };
    },
  );
}
