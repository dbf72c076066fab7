// Every route the app serves, as registered: its method, URL and schema.
// The API's fuzz test reads this table, so a route added tomorrow is fuzzed
// without anyone adding it to a list. Must be registered before any route.
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** HEAD mirrors GET and OPTIONS answers CORS preflights: neither has a handler of its own. */
const MIRRORED = new Set(['HEAD', 'OPTIONS']);

async function routeTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!MIRRORED.has(method)) table.push({ method, url: route.url, schema: route.schema });
    }
  });
}

export default fp(routeTable, { name: 'route-table' });

declare module 'fastify' {
  interface FastifyInstance {
    readonly routeTable: readonly RouteEntry[];
  }
}
