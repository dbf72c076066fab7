// Builds the OpenAPI document from the route schemas; served by routes/openapi.ts.
// Must be registered before any route so it sees them all.
// @see https://github.com/fastify/fastify-swagger
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorSchema, userSchema } from '../../schemas/common.js';
import { goalSchema } from '../../schemas/goals.js';
import { taskSchema } from '../../schemas/tasks.js';

async function openapi(app: FastifyInstance) {
  app.addSchema(errorSchema);
  app.addSchema(userSchema);
  app.addSchema(goalSchema);
  app.addSchema(taskSchema);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stride API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'stride_session' },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
}

export default fp(openapi, { name: 'swagger' });
