// Browser-facing defences: security headers, CORS, the Origin check against
// CSRF, JSON-only bodies, no NUL characters and no-store caching.
// @see https://github.com/fastify/fastify-helmet
// @see https://github.com/fastify/fastify-cors
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false only for cross-site form posts that carry their own proof (Apple's state). */
    csrf?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when a string anywhere in the value holds U+0000 (a loop: bodies may nest deeply). */
function hasNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

async function security(app: FastifyInstance) {
  const allowed = new Set(app.config.allowedOrigins);

  await app.register(helmet, {
    // A JSON API renders nothing: forbid every resource and any framing.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: [...allowed],
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  });

  // SameSite=Lax alone lets same-site pages (any localhost port) post with the
  // cookie; requiring an allow-listed Origin on every unsafe method, bodiless
  // ones included, stops cross-origin form posts and fetches.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config.csrf === false) return;
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) {
      throw new HttpError(403, 'forbidden_origin', 'Request origin is not allowed');
    }
  });

  // text/plain is a CORS "simple" type (no preflight): parsing it would let a
  // cross-site form smuggle a body in. Only JSON is accepted; an empty JSON
  // body means "no body" so bodiless calls may still send the header.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // No one types U+0000, and PostgreSQL cannot store it in text: refuse it
  // anywhere in the input, on every database, rather than fail in a query.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, 'invalid_input', 'Text may not contain NUL characters');
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(security, { name: 'security', dependencies: ['config'] });
