// GET /auth/status/ → {authenticated, user}. Never 401: "not signed in" is an answer.
import type { FastifyInstance } from 'fastify';
import { statusSchema } from '../../schemas/auth.js';

export default async function statusRoute(app: FastifyInstance) {
  app.get('/auth/status/', { schema: statusSchema }, async (request, reply) => {
    const presented = request.cookies[app.cookieNames.session];
    const session = await app.sessions.resolve(presented);
    if (!session) {
      // A dead cookie is removed so the browser stops sending it.
      if (presented !== undefined) await app.endSession(request, reply);
      return { authenticated: false, user: null };
    }
    return { authenticated: true, user: session.user };
  });
}
