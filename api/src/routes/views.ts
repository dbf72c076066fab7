// /views/: saved filter views — list, create, rename or change, delete.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localDate } from '../lib/dates.js';
import {
  createViewSchema,
  deleteViewSchema,
  listViewsSchema,
  updateViewSchema,
} from '../schemas/views.js';

export default async function viewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  /** The user's today: a query's dates are read on their calendar when it is checked. */
  const today = (request: FastifyRequest) => localDate(app.clock(), request.auth?.user.timezone);

  // View writes bump the data version too (migration 0012): a list cache page.
  app.get('/views/', { schema: listViewsSchema }, async (request, reply) =>
    app.listCache.send(reply, request.userId, 'views', async () => ({
      items: await app.taskViews.list(request.userId),
    })),
  );

  app.post('/views/', { schema: createViewSchema }, async (request, reply) => {
    // Picked by name, never spread from the body.
    const { name, query } = request.body;
    const view = await app.taskViews.create(request.userId, { name, query }, today(request));
    return reply.code(201).send({ view });
  });

  app.patch('/views/:id/', { schema: updateViewSchema }, async (request) => {
    const { name, query } = request.body;
    const patch = {
      ...(name !== undefined ? { name } : {}),
      ...(query !== undefined ? { query } : {}),
    };
    return {
      view: await app.taskViews.update(request.userId, request.params.id, patch, today(request)),
    };
  });

  app.delete('/views/:id/', { schema: deleteViewSchema }, async (request, reply) => {
    await app.taskViews.remove(request.userId, request.params.id);
    return reply.code(204).send();
  });
}
