// Cookies and the auth gate. The session cookie is HttpOnly, SameSite=Lax,
// Path=/, and in production `__Host-` + Secure (host-bound, https only).
// Sign-in transaction cookies are short-lived; Apple's must be SameSite=None
// because Apple returns with a cross-site form POST.
// @see https://github.com/fastify/fastify-cookie
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.js';
import type { ProviderName } from './oauth.js';
import type { ActiveSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    cookieNames: { session: string; tx: (provider: ProviderName) => string };
    /** 401 unless a live session is presented; sets request.auth and request.userId. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Ends the presented session (if any) and starts a new one: a fresh id at every sign-in. */
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    /** The signed-in user's id: set by the gate of the signed-in routes (routes/signed-in.ts). */
    userId: string;
  }
}

async function auth(app: FastifyInstance) {
  const { isProduction, sessionAbsoluteTtlMs } = app.config;
  const prefix = isProduction ? '__Host-' : '';
  const names = {
    session: `${prefix}stride_session`,
    tx: (provider: ProviderName) => `${prefix}stride_oauth_${provider}`,
  };
  await app.register(cookie);
  app.decorate('cookieNames', names);
  app.decorateRequest('auth', null);
  app.decorateRequest('userId', '');

  const sessionCookie = {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isProduction,
  } as const;

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const session = await app.sessions.resolve(request.cookies[names.session]);
    if (!session) throw unauthorized();
    request.auth = session;
    request.userId = session.userId;
  });

  app.decorate(
    'startSession',
    async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      await app.sessions.destroy(request.cookies[names.session]);
      const id = await app.sessions.create(userId);
      reply.setCookie(names.session, id, {
        ...sessionCookie,
        maxAge: Math.floor(sessionAbsoluteTtlMs / 1000),
      });
    },
  );

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.sessions.destroy(request.cookies[names.session]);
    reply.clearCookie(names.session, sessionCookie);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['sessions', 'config'] });
