// During shutdown, Fastify stops accepting and waits for open connections. A
// keep-alive connection that was busy when closing began would then linger
// until its idle timeout; answering its last response with `Connection: close`
// lets in-flight requests finish and the process exit promptly.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function gracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

export default fp(gracefulClose, { name: 'graceful-close' });
