// Browser-facing defences: security headers, CORS, the Origin check against
// CSRF, JSON-only bodies, no NUL characters and no-store caching.
// @see https://github.com/fastify/fastify-helmet
// @see https://github.com/fastify/fastify-cors
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';
import { hasLoneSurrogate, UNSTORABLE } from '../../lib/text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false only for cross-site form posts that carry their own proof (Apple's state). */
    csrf?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// No one types U+0000, and PostgreSQL cannot store it in text: it is refused
// with a 400 wherever it can enter — the URL (path or query, only ever as
// %00) and JSON bodies (only ever as the escape \u0000) — on every database,
// rather than failing in a query. Both checks are string scans, with no walk
// over the parsed input, since they run on every request.
const nulRefused = () => new HttpError(400, 'invalid_input', UNSTORABLE.nul);
/** A \u0000 escape that is not itself an escaped backslash followed by "u0000". */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;
// A lone surrogate (\ud800 without its pair) is half a character: stored, it
// becomes U+FFFD, so what was acknowledged is not what is kept (and a
// 200-character title grows past the limit). Refused like NUL; a body without
// a surrogate escape — nearly all — is never walked.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const loneSurrogateRefused = () => new HttpError(400, 'invalid_input', UNSTORABLE.surrogate);

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
    allowedHeaders: ['Content-Type', LIVE_SYNC.clientHeader],
    maxAge: 600,
  });

  // SameSite=Lax alone lets same-site pages (any localhost port) post with the
  // cookie; requiring an allow-listed Origin on every unsafe method, bodiless
  // ones included, stops cross-origin form posts and fetches.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw nulRefused();
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
    if ((body as string).includes('\\u0000') && JSON_NUL.test(body as string)) {
      done(nulRefused(), undefined);
      return;
    }
    if (!SURROGATE_ESCAPE.test(body as string)) {
      parseJson(request, body as string, done);
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      if (error) done(error, undefined);
      else if (hasLoneSurrogate(parsed)) done(loneSurrogateRefused(), undefined);
      else done(null, parsed);
    });
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(security, { name: 'security', dependencies: ['config'] });
