// Serves one built app: `pnpm exec node --import tsx scripts/serve-static.ts <dist> --port 3003 [--spa]`
// (each remote's `pnpm preview`). This is how a team previews or deploys its
// own remote on its own origin. A folder with an app-config.json is the
// host's: that file (read once, at start: restart after editing it) is served
// and decides the page's Content-Security-Policy, which names the API and
// remotes it lists.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DeploymentDocument } from '@stride/shared/page-headers';
import { startStaticServer } from './lib/static-server';

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
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function readAppConfig(file: string): DeploymentDocument | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DeploymentDocument;
  } catch (error) {
    console.error(`serve-static: ${file} is not valid JSON (${message(error)})`);
    process.exit(1);
  }
}

const appConfig = readAppConfig(join(root, 'app-config.json'));
let server: Server;
try {
  server = await startStaticServer({ root, port, host: values.host, spa: values.spa, appConfig });
} catch (error) {
  console.error(`serve-static: ${message(error)}`);
  process.exit(1);
}
console.log(`Serving ${root} at http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
