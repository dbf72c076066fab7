// GET /openapi.json: the OpenAPI document generated from the route schemas.
import type { FastifyInstance } from 'fastify';

export default async function openapiRoute(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
