// Helpers for releases.spec.ts: run the real release and registry commands
// against a store of the spec's own, and make a release with a visible change.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withEdits } from '@stride/scripts/source-edits';
import { PRECOMPRESSED } from '@stride/shared/precompressed';
import { makeVersion } from '@stride/shared/releases';
import { ROOT } from './env';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `pnpm <args>` at the root (or at `cwd`, a copy of it: withEdits) with
 * the spec's RELEASE_DIR; never throws on a non-zero exit.
 */
export function pnpm(args: string[], releaseDir: string, cwd = ROOT): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', ...args], {
      cwd,
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

/** `pnpm release <app>` (from `cwd`, a changed copy of the repository); returns the version, the last line it prints. */
export async function release(app: string, releaseDir: string, cwd = ROOT): Promise<string> {
  const result = await pnpm(['release', app], releaseDir, cwd);
  const version = result.stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (result.code !== 0 || !version) {
    throw new Error(
      `pnpm release ${app} exited ${result.code}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return version;
}

/** The goals page's lead paragraph, which the probe release changes. */
const GOALS_COPY_FILE = 'remote-goals/src/features/goals/copy.ts';
const SHARED_ENTRY_FILE = 'shared/src/index.ts';
export const PROBE_PREFIX = 'Release probe: ';
/** The export the gate probe adds to @stride/shared and uses in remote-goals. */
export const PROBE_EXPORT = 'releaseGateProbe';

/**
 * Releases remote_goals with its lead text changed: a release of the same
 * code with one visible difference, as a team's next version would be.
 */
export function releaseWithVisibleChange(releaseDir: string): Promise<string> {
  return withEdits(
    ROOT,
    [
      {
        file: GOALS_COPY_FILE,
        change: (text) => text.replace("lead: '", `lead: '${PROBE_PREFIX}`),
      },
    ],
    (copy) => release('remote_goals', releaseDir, copy),
  );
}

/** The sign-in page, whose lead text the auth probe release changes. */
const LOGIN_PAGE_FILE = 'remote-auth/src/pages/LoginPage.tsx';

/** Releases remote_auth with the sign-in page's lead text changed (docs/architecture.md §2, its HTML). */
export function releaseAuthWithVisibleChange(releaseDir: string): Promise<string> {
  return withEdits(
    ROOT,
    [
      {
        file: LOGIN_PAGE_FILE,
        change: (text) =>
          text.replace('Set goals that matter', `${PROBE_PREFIX}Set goals that matter`),
      },
    ],
    (copy) => release('remote_auth', releaseDir, copy),
  );
}

/**
 * A new export in @stride/shared that remote-goals starts to use: releases
 * of both apps built from that change, as a team would make them — the
 * remote first, the host that provides the export after.
 */
export function releaseWithNewSharedExport(
  releaseDir: string,
): Promise<{ goals: string; host: string }> {
  return withEdits(
    ROOT,
    [
      {
        file: SHARED_ENTRY_FILE,
        change: (text) => `${text}export const ${PROBE_EXPORT} = 'gate probe';\n`,
      },
      {
        file: GOALS_COPY_FILE,
        change: (text) =>
          `import { ${PROBE_EXPORT} } from '@stride/shared';\n${text}\nexport const probe = ${PROBE_EXPORT};\n`,
      },
    ],
    async (copy) => ({
      goals: await release('remote_goals', releaseDir, copy),
      host: await release('host', releaseDir, copy),
    }),
  );
}

/**
 * Publishes a copy of `app`'s release `version` whose remote entry throws as
 * it runs: a release that passes the gate (same record) and fails in every
 * browser that loads it, as a bad upload or a broken build would.
 */
export function publishBrokenCopy(releaseDir: string, app: string, version: string): string {
  const broken = makeVersion(version.split('-')[0] ?? '0.0.0', new Date(), 'deadbee');
  const target = join(releaseDir, app, broken);
  cpSync(join(releaseDir, app, version), target, { recursive: true });
  const record = join(target, 'release.json');
  writeFileSync(
    record,
    JSON.stringify({ ...JSON.parse(readFileSync(record, 'utf8')), version: broken }, null, 2),
  );
  const entry = join(target, 'remoteEntry.js');
  writeFileSync(entry, "throw new Error('broken release (e2e)');\n");
  // As a build of it would: its precompressed variants hold the working entry, and
  // a line this small gets none (shared/src/federation/precompressed.ts).
  for (const suffix of Object.values(PRECOMPRESSED)) rmSync(`${entry}${suffix}`, { force: true });
  return broken;
}
