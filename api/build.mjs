// `pnpm --filter @stride/api build`: the API as plain JavaScript in dist/, run
// with `node` in production (no TypeScript loader). One ES module per entry
// and per dynamic import (the dev identity provider stays a chunk production
// never loads); npm dependencies stay external, installed beside it, while the
// workspace's own @stride/shared (TypeScript source) is compiled in.
// Type checking is `pnpm typecheck`'s job, not this one's.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@stride/'));

rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });
await build({
  // The API, and the dev identity provider alone (the scaled deployment runs one beside its instances).
  entryPoints: { server: 'src/server.ts', 'dev-idp': 'src/dev-idp/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Subpaths too (oidc-provider/…, pg/…).
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'info',
});
