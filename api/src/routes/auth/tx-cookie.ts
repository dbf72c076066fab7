// The cookie that binds a sign-in transaction to the browser that started it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProviderName } from '../../plugins/app/oauth.js';

const MAX_AGE_S = 600;

function options(provider: ProviderName, secureEnv: boolean) {
  // Apple answers with a cross-site form POST, which a Lax cookie would miss.
  // SameSite=None requires Secure; browsers accept that on http://localhost.
  return provider === 'apple'
    ? ({ httpOnly: true, path: '/', sameSite: 'none', secure: true } as const)
    : ({ httpOnly: true, path: '/', sameSite: 'lax', secure: secureEnv } as const);
}

export function setTxCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  provider: ProviderName,
  txId: string,
) {
  reply.setCookie(app.cookieNames.tx(provider), txId, {
    ...options(provider, app.config.isProduction),
    maxAge: MAX_AGE_S,
  });
}

export function clearTxCookie(app: FastifyInstance, reply: FastifyReply, provider: ProviderName) {
  reply.clearCookie(app.cookieNames.tx(provider), options(provider, app.config.isProduction));
}
