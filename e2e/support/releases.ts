// Helpers for releases.spec.ts: run the real release and registry commands
// against a store of the spec's own, and make a release with a visible change.
import { spawn } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './env';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `pnpm <args>` at the root with the spec's RELEASE_DIR; never throws on a non-zero exit. */
export function pnpm(args: string[], releaseDir: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', ...args], {
      cwd: ROOT,
      env: { ...process.env, RELEASE_DIR: releaseDir, STRIDE_RELEASE_USER: 'e2e' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** `pnpm registry …`, which must succeed. */
export async function registry(args: string[], releaseDir: string): Promise<string> {
  const result = await pnpm(['registry', ...args], releaseDir);
  if (result.code !== 0) {
    throw new Error(`pnpm registry ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  }
  return result.stdout;
}

/** `pnpm release <app>`; returns the version, the last line it prints. */
export async function release(app: string, releaseDir: string): Promise<string> {
  const result = await pnpm(['release', app], releaseDir);
  const version = result.stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (result.code !== 0 || !version) {
    throw new Error(
      `pnpm release ${app} exited ${result.code}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return version;
}

/** The goals page's lead paragraph, which the probe release changes. */
const GOALS_COPY_FILE = join(ROOT, 'remote-goals', 'src', 'features', 'goals', 'copy.ts');
export const PROBE_PREFIX = 'Release probe: ';

/**
 * Releases remote_goals with its lead text changed, then puts the source
 * back whatever happens: a release of the same code with one visible
 * difference, as a team's next version would be.
 */
export async function releaseWithVisibleChange(releaseDir: string): Promise<string> {
  const original = readFileSync(GOALS_COPY_FILE, 'utf8');
  const { atime, mtime } = statSync(GOALS_COPY_FILE);
  const changed = original.replace("lead: '", `lead: '${PROBE_PREFIX}`);
  if (changed === original) throw new Error(`No lead text to change in ${GOALS_COPY_FILE}`);
  writeFileSync(GOALS_COPY_FILE, changed);
  try {
    return await release('remote_goals', releaseDir);
  } finally {
    writeFileSync(GOALS_COPY_FILE, original);
    // The same bytes with the same time: "build what is missing" sees no change.
    utimesSync(GOALS_COPY_FILE, atime, mtime);
  }
}
