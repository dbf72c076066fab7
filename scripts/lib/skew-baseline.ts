// The "live" side of the version-skew matrix: the apps as a recorded commit
// built them (e2e/skew/baseline.json, what production runs). An app whose
// sources are the same at that commit and in the working tree is its own
// baseline; the others are built from a copy of that commit (`git archive`),
// kept per commit in the system's temporary folder, so a second run reuses it.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '@stride/deploy/run-command';
import { ROOT, type StaticApp } from './deployables';

export const BASELINE_FILE = join(ROOT, 'e2e', 'skew', 'baseline.json');

export interface Baseline {
  sha: string;
  short: string;
}

/** Runs a command; resolves with its output, rejects with its output's tail when it fails. */
export async function run(command: string, args: string[], cwd: string, env = process.env) {
  const { code, lines } = await runCommand(command, args, { cwd, env });
  const output = lines.join('\n');
  if (code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-3000)}`);
  return output;
}

/** The commit named (a rev), else the recorded one. */
export async function resolveBaseline(rev: string | undefined): Promise<Baseline> {
  const named =
    rev ?? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { commit: string }).commit;
  const sha = (await run('git', ['rev-parse', '--verify', `${named}^{commit}`], ROOT)).trim();
  return { sha, short: sha.slice(0, 7) };
}

/** The inputs of an app's build besides its own folder: a change there changes every app. */
const COMMON_INPUTS = ['shared', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json'];

/** True when the app's build inputs in the working tree (committed or not) equal the baseline's. */
export async function sameAsBaseline(app: StaticApp, baseline: Baseline): Promise<boolean> {
  try {
    await run('git', ['diff', '--quiet', baseline.sha, '--', app.dir, ...COMMON_INPUTS], ROOT);
    return true;
  } catch {
    return false;
  }
}

/**
 * The baseline's build of each app in `apps`, from its own copy of the
 * commit: exported, installed and built once per commit. Returns app name →
 * dist folder.
 */
/** Where the baseline commit's copy lives (exported once per commit). */
export const baselineDir = (baseline: Baseline) => join(tmpdir(), 'stride-skew', baseline.sha);

export async function baselineBuilds(
  baseline: Baseline,
  apps: StaticApp[],
  log: (line: string) => void,
): Promise<Record<string, string>> {
  if (apps.length === 0) return {};
  const dir = baselineDir(baseline);
  if (!existsSync(join(dir, 'package.json'))) {
    log(`exporting ${baseline.short} to ${dir}`);
    mkdirSync(dir, { recursive: true });
    await run('sh', ['-c', `git archive ${baseline.sha} | tar -x -C '${dir}'`], ROOT);
  }
  if (!existsSync(join(dir, 'node_modules', '.modules.yaml'))) {
    log(`installing ${baseline.short}'s dependencies (pnpm store, offline first)`);
    await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir, {
      ...process.env,
      CI: 'true',
    });
  }
  const missing = apps.filter((app) => !existsSync(join(dir, app.dir, 'dist', app.marker)));
  if (missing.length > 0) {
    log(`building ${missing.map((app) => app.dir).join(', ')} at ${baseline.short}`);
    const filters = missing.flatMap((app) => ['--filter', `./${app.dir}`]);
    // Built as `pnpm build` builds them: no release version, the apps' own ports.
    const { STRIDE_DIST_DIR: _dist, STRIDE_RELEASE_VERSION: _version, ...env } = process.env;
    await run('pnpm', [...filters, 'build'], dir, env);
  }
  return Object.fromEntries(apps.map((app) => [app.name, join(dir, app.dir, 'dist')]));
}
