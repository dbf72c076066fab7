// Soft-deleted goals and tasks stay restorable for 30 days, then are removed
// for good: at start and on the same 10-minute schedule as the session purge.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const KEEP_DELETED_MS = 30 * 86_400_000;
const PURGE_EVERY_MS = 10 * 60_000;

async function purgeDeleted(app: FastifyInstance) {
  const purge = async () => {
    const cutoff = new Date(app.clock().getTime() - KEEP_DELETED_MS).toISOString();
    try {
      // Tasks first: a goal's purge unlinks the tasks that outlive it.
      await app.tasks.purgeDeleted(cutoff);
      await app.goals.purgeDeleted(cutoff);
    } catch (err) {
      app.log.warn({ err }, 'purge of deleted goals and tasks failed');
    }
  };
  app.decorate('purgeDeleted', purge);
  app.addHook('onReady', purge);
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes goals and tasks deleted more than 30 days ago (also run on a timer). */
    purgeDeleted: () => Promise<void>;
  }
}

export default fp(purgeDeleted, { name: 'purge-deleted', dependencies: ['goals', 'tasks'] });
