// POST /auth/oauth/google/callback/ {code, state, iss?} → {user} + session cookie.
// The SPA received these on /auth/callback and forwards them all.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { toUserJson } from '../../lib/user-json.js';
import { googleCallbackSchema } from '../../schemas/auth.js';
import { clearTxCookie } from './tx-cookie.js';

type Body = Record<string, string | undefined>;

export default async function googleCallbackRoute(app: FastifyInstance) {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };

  app.post<{ Body: Body }>(
    '/auth/oauth/google/callback/',
    { schema: googleCallbackSchema, config: { rateLimit } },
    async (request, reply) => {
      clearTxCookie(app, reply, 'google');
      // Single use: a replayed callback, or one from a browser that did not
      // start this sign-in, finds no matching transaction.
      const tx = await app.oauth.consume('google', request.cookies[app.cookieNames.tx('google')]);
      if (!tx || tx.state !== request.body.state) {
        throw badRequest('invalid_state', 'This sign-in expired or was started elsewhere');
      }
      const identity = await app.oauth.exchange('google', tx, request.body);
      const user = await app.users.signIn('google', identity.subject, identity);
      await app.startSession(request, reply, user.id);
      return { user: toUserJson(user) };
    },
  );
}
