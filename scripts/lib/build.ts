// "Build what is missing": an app is rebuilt when its dist is missing or any
// of its inputs (its sources and config, the shared package compiled into it,
// the lockfile) is newer than the file its build produced.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startCommand } from '@stride/deploy/run-command';
import { type Buildable, ROOT } from './deployables';

const SKIP = new Set(['node_modules', 'dist', '.mf', '@mf-types']);

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of a file or of any file under a directory. */
function newest(path: string): number {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry)) latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function inputsOf(app: Buildable): string[] {
  const dir = join(ROOT, app.dir);
  return [
    join(dir, 'src'),
    join(dir, 'public'),
    join(dir, 'rsbuild.config.ts'),
    join(dir, 'build.mjs'),
    join(dir, 'package.json'),
    join(ROOT, 'shared', 'src'),
    join(ROOT, 'pnpm-lock.yaml'),
  ];
}

export function isStale(app: Buildable): boolean {
  const built = mtimeOf(join(ROOT, app.dir, 'dist', app.marker));
  if (built === 0) return true;
  return inputsOf(app).some((input) => newest(input) > built);
}

/**
 * Builds the given apps with one `pnpm --filter … build` (pnpm runs them in
 * parallel). Aborting `signal` stops the build (its own process group).
 */
export function buildApps(apps: Buildable[], signal?: AbortSignal): Promise<void> {
  if (apps.length === 0) return Promise.resolve();
  if (signal?.aborted) return Promise.reject(new Error('Build stopped before it started'));
  const filters = apps.flatMap((app) => ['--filter', `./${app.dir}`]);
  const { done } = startCommand('pnpm', [...filters, 'build'], {
    cwd: ROOT,
    inherit: true,
    detached: true,
    signal,
  });
  return done.then(({ code, signal: exitSignal }) => {
    if (code !== 0)
      throw new Error(
        `Building ${apps.map((app) => app.dir).join(', ')} failed (${exitSignal ?? `exit ${code}`})`,
      );
  });
}

/** Builds every app whose output is missing or older than its inputs; returns what it built. */
export async function buildWhatIsMissing<App extends Buildable>(
  apps: App[],
  signal?: AbortSignal,
): Promise<App[]> {
  const stale = apps.filter(isStale);
  await buildApps(stale, signal);
  return stale;
}
