// Opens the database, runs pending migrations before the server accepts
// requests (waiting a little for a database not yet taking connections), purges expired rows on a timer and closes it last on shutdown.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Migrator } from 'kysely/migration';
import { type DatabaseHandle, openDatabase } from '../../db/connect.js';
import { migrateAtStart } from '../../db/migrate-at-start.js';
import { migrationProvider } from '../../db/migrations.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

async function database(app: FastifyInstance) {
  const handle = await openDatabase(app.config, app.log);
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
  try {
    await migrateAtStart(() => migrator.migrateToLatest(), app.log);
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
  app.decorate('database', handle);
  app.addHook('onClose', async () => {
    await handle.db.destroy();
  });
}

export default fp(database, { name: 'database', dependencies: ['config'] });
