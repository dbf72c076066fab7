// /labels/: list, create, rename or recolour, delete.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import * as input from '../lib/record-input.js';
import {
  createLabelSchema,
  deleteLabelSchema,
  listLabelsSchema,
  updateLabelSchema,
} from '../schemas/labels.js';

export default async function labelRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Label writes bump the data version too (migration 0012): a list cache page.
  app.get('/labels/', { schema: listLabelsSchema }, async (request, reply) =>
    app.listCache.send(reply, request.userId, 'labels', async () => ({
      items: await app.labels.list(request.userId),
    })),
  );

  app.post('/labels/', { schema: createLabelSchema }, async (request, reply) => {
    const { name, color } = request.body;
    const label = await app.labels.create(request.userId, {
      name: input.labelName(name),
      ...(color ? { color } : {}),
    });
    return reply.code(201).send({ label });
  });

  app.patch('/labels/:id/', { schema: updateLabelSchema }, async (request) => {
    const { name, color } = request.body;
    return {
      label: await app.labels.update(request.userId, request.params.id, {
        ...(name !== undefined ? { name: input.labelName(name) } : {}),
        ...(color !== undefined ? { color } : {}),
      }),
    };
  });

  app.delete('/labels/:id/', { schema: deleteLabelSchema }, async (request) => {
    await app.labels.remove(request.userId, request.params.id);
    return { ok: true };
  });
}
