// POST /auth/oauth/apple/callback/: Apple's form_post target. A top-level
// cross-site navigation, so it answers 303 to the SPA, never JSON, and has its
// own CSRF proof (the state bound to the SameSite=None transaction cookie)
// instead of the Origin check. Apple sends `user` (the name) only the first time.
// @see https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, HttpError, isDatabaseDown } from '../../lib/errors.js';
import { isBlank, providerText } from '../../lib/text.js';
import { appleCallbackSchema } from '../../schemas/auth.js';
import { clearTxCookie } from './tx-cookie.js';

type Body = Record<string, string | undefined>;

function firstTimeName(raw: string | undefined) {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const part = (value: unknown) => {
      if (typeof value !== 'string') return null;
      const text = providerText(value).trim();
      return isBlank(text) ? null : text.slice(0, 100);
    };
    return { firstName: part(parsed.name?.firstName), lastName: part(parsed.name?.lastName) };
  } catch {
    return null;
  }
}

export default async function appleCallbackRoute(app: FastifyInstance) {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const toError = (reply: FastifyReply, origin: string, code: string) =>
    reply.redirect(`${origin}/auth/error?error=${encodeURIComponent(code)}`, 303);

  app.setErrorHandler((error, request, reply) => {
    const code = error instanceof HttpError ? error.code : 'invalid_request';
    request.log.info({ code }, 'apple sign-in failed');
    return toError(reply, app.config.appOrigin, code);
  });

  app.post<{ Body: Body }>(
    '/auth/oauth/apple/callback/',
    { schema: appleCallbackSchema, config: { rateLimit, csrf: false } },
    async (request, reply) => {
      clearTxCookie(app, reply, 'apple');
      const tx = await app.oauth.consume('apple', request.cookies[app.cookieNames.tx('apple')]);
      if (!tx || tx.state !== request.body.state) {
        throw badRequest('invalid_state', 'This sign-in expired or was started elsewhere');
      }
      try {
        const identity = await app.oauth.exchange('apple', tx, request.body);
        // The name only arrives on the first authorization; signIn keeps it
        // only when it creates the user, so later posts cannot rename anyone.
        const name = firstTimeName(request.body.user);
        const user = await app.users.signIn('apple', identity.subject, {
          ...identity,
          firstName: name?.firstName ?? identity.firstName,
          lastName: name?.lastName ?? identity.lastName,
        });
        await app.startSession(request, reply, user.id);
        return reply.redirect(`${tx.return_origin}/auth/success`, 303);
      } catch (err) {
        if (err instanceof HttpError)
          request.log.warn({ code: err.code, reason: err.reason }, 'apple sign-in refused');
        else request.log.error({ err }, 'apple sign-in error');
        const code =
          err instanceof HttpError
            ? err.code
            : isDatabaseDown(err)
              ? 'service_unavailable'
              : 'server_error';
        return toError(reply, tx.return_origin, code);
      }
    },
  );
}
