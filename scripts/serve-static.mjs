#!/usr/bin/env node
// Serves one built app: `node scripts/serve-static.mjs <dist> --port 3003 [--spa]`.
// This is how a team previews or deploys its own remote on its own origin.
import { parseArgs } from 'node:util';
import { startStaticServer } from './lib/static-server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    spa: { type: 'boolean', default: false },
  },
});
const root = positionals[0] ?? 'dist';
const port = Number(values.port ?? process.env.PORT ?? 8080);
const server = await startStaticServer({ root, port, host: values.host, spa: values.spa });
console.log(`Serving ${root} at http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
