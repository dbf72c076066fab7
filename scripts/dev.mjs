#!/usr/bin/env node
// `pnpm dev`: Rsbuild dev servers (HMR) for the host and every remote, and the
// API in watch mode when it exists, all in one terminal with prefixed output,
// run by `concurrently` (docs/decisions.md says why). One that exits stops the
// others; Ctrl-C stops all of them. Ports come from each rsbuild.config.ts
// (which reads the shared port table), so nothing here needs editing when an
// app is added to the workspace.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { concurrently } from 'concurrently';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const apps = [
  'host',
  ...readdirSync(ROOT)
    .filter((name) => name.startsWith('remote-'))
    .sort(),
].filter((dir) => existsSync(join(ROOT, dir, 'rsbuild.config.ts')));

const commands = apps.map((dir) => ({
  name: dir,
  command: 'rsbuild dev',
  cwd: join(ROOT, dir),
  // The app's own node_modules/.bin first: its rsbuild.
  env: { PATH: `${join(ROOT, dir, 'node_modules', '.bin')}:${process.env.PATH}` },
}));
if (existsSync(join(ROOT, 'api', 'src', 'server.ts'))) {
  // The API's CORS and redirect allow-lists follow the host's origin, and its
  // public URL (Apple's form_post target) its own port.
  const { HOST_PORT, API_PORT, API_PUBLIC_URL } = process.env;
  commands.push({
    name: 'api',
    command: 'pnpm --filter @stride/api dev',
    cwd: ROOT,
    env: {
      ...(HOST_PORT ? { APP_ORIGIN: `http://localhost:${HOST_PORT}` } : {}),
      ...(API_PORT && !API_PUBLIC_URL ? { API_PUBLIC_URL: `http://localhost:${API_PORT}` } : {}),
    },
  });
}

const { result } = concurrently(commands, {
  prefix: 'name',
  padPrefix: true,
  prefixColors: ['cyan', 'magenta', 'yellow', 'green', 'blue', 'red'],
  // A server that exits (a port taken, a syntax error in a config) stops the rest.
  killOthersOn: ['failure', 'success'],
});
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
