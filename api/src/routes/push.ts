// /push/: the server's public key and the browser's push subscription.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { pushKeySchema, subscribeSchema, unsubscribeSchema } from '../schemas/push.js';

export default async function pushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/push/key/', { schema: pushKeySchema }, async () => ({
    public_key: await app.push.publicKey(),
  }));

  app.put('/push/subscriptions/', { schema: subscribeSchema }, async (request, reply) => {
    // Picked by name, never spread from the body.
    const { endpoint, keys } = request.body;
    await app.push.subscribe(request.userId, {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    return reply.code(204).send();
  });

  app.delete('/push/subscriptions/', { schema: unsubscribeSchema }, async (request, reply) => {
    await app.push.unsubscribe(request.userId, request.body.endpoint);
    return reply.code(204).send();
  });
}
