// Builds the OpenAPI document from the route schemas; served by routes/openapi.ts.
// Must be registered before any route so it sees them all. What holds for
// every route is added here, in one place: operationId, security and the
// error answers the shared hooks give (the route schemas list only their own).
// @see https://github.com/fastify/fastify-swagger
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorResponses, errorSchema, userSchema } from '../../schemas/common.js';
import { goalSchema } from '../../schemas/goals.js';
import { labelSchema } from '../../schemas/labels.js';
import { taskSchema } from '../../schemas/tasks.js';
import { taskViewSchema } from '../../schemas/views.js';

export interface SwaggerOptions {
  /** Where app.ts mounts the routes: the document's server, and cut from its paths. */
  prefix: string;
}

/** A route's `schema.security` when it needs the session (set by routes/signed-in.ts). */
export const SESSION_REQUIRED = [{ session: [] }];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `GET /goals/{id}/restore/` → `getGoalsByIdRestore`: stable while the path
 * is, unique because method and path are, and readable in a generated client.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment)?.[1];
      return param ? ['by', param] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  const capitalised = words.map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

/**
 * The 4xx answers that come from shared hooks rather than the handler, per
 * docs/architecture.md §4: 400 from the NUL check on every URL and from
 * validation (plugins/external/security.ts, errors.ts), 401 from the gate,
 * 403 from the Origin check, 413/415 from the body limit and the JSON-only
 * parser on methods with a body, 429 where the route is rate-limited.
 */
function sharedErrors(route: RouteOptions, method: string, signedIn: boolean): number[] {
  const codes = [400];
  if (signedIn) codes.push(401);
  if (UNSAFE.has(method)) {
    if (route.config?.csrf !== false) codes.push(403);
    codes.push(413, 415);
  }
  if (route.config?.rateLimit) codes.push(429);
  return codes;
}

/** OpenAPI 3.0 has no ajv-formats date bounds: kept as extensions so the struct rule passes. */
function renameFormatBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameFormatBounds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key === 'formatMinimum' || key === 'formatMaximum' ? `x-${key}` : key,
      renameFormatBounds(value),
    ]),
  );
}

async function openapi(app: FastifyInstance, { prefix }: SwaggerOptions) {
  app.addSchema(errorSchema);
  app.addSchema(userSchema);
  app.addSchema(goalSchema);
  app.addSchema(taskSchema);
  app.addSchema(labelSchema);
  app.addSchema(taskViewSchema);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stride API', version: '0.1.0' },
      servers: [{ url: prefix }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'stride_session' },
        },
      },
    },
    // Route schemas are shared with validation: each is copied, never changed.
    transform: ({ schema, url, route }) => {
      const method = [route.method].flat()[0] ?? 'GET';
      const security = schema?.security ?? [];
      const path = url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : url;
      return {
        url,
        schema: {
          ...schema,
          operationId: schema?.operationId ?? operationIdOf(method, path),
          // An empty list says "no session needed", rather than leaving it unsaid.
          security,
          response: {
            ...errorResponses(...sharedErrors(route, method, security.length > 0)),
            ...(schema?.response as object | undefined),
          },
        },
      };
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? (renameFormatBounds(document.openapiObject) as typeof document.openapiObject)
        : document.swaggerObject,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
}

export default fp<SwaggerOptions>(openapi, { name: 'swagger' });
