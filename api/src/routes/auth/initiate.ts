// POST /auth/oauth/{google,apple}/initiate/ → {authorization_url}.
// The optional redirect_uri must be on the exact allow-list: an open redirect
// here would hand the authorization code to whoever chose the URI.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { ProviderName } from '../../plugins/app/oauth.js';
import { initiateSchema } from '../../schemas/auth.js';
import { setTxCookie } from './tx-cookie.js';

export default async function initiateRoutes(app: FastifyInstance) {
  const allowlist = new Set(app.config.redirectUriAllowlist);
  const appleCallback = `${app.config.apiPublicUrl}/api/auth/oauth/apple/callback/`;
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };

  for (const provider of ['google', 'apple'] as const satisfies ProviderName[]) {
    app.post<{ Body: { redirect_uri?: string } | null | undefined }>(
      `/auth/oauth/${provider}/initiate/`,
      { schema: initiateSchema, config: { rateLimit } },
      async (request, reply) => {
        const requested = request.body?.redirect_uri;
        const allowed =
          requested === undefined ||
          allowlist.has(requested) ||
          (provider === 'apple' && requested === appleCallback);
        if (!allowed) {
          throw badRequest('invalid_redirect_uri', 'redirect_uri is not allowed', {
            redirect_uri: 'Not on the allow-list',
          });
        }
        // Google returns to the SPA; Apple always posts to the API, and the
        // SPA that asked (its allow-listed origin) gets the final redirect.
        const redirectUri =
          provider === 'google' ? (requested ?? [...allowlist][0] ?? '') : appleCallback;
        const returnOrigin =
          requested && requested !== appleCallback
            ? new URL(requested).origin
            : app.config.appOrigin;
        const { authorizationUrl, txId } = await app.oauth.begin(
          provider,
          redirectUri,
          returnOrigin,
        );
        setTxCookie(app, reply, provider, txId);
        return { authorization_url: authorizationUrl };
      },
    );
  }
}
