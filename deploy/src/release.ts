// `pnpm release <app>`: build the app into the store's staging area, describe
// it in release.json, then move it to `<app>/<version>/` in one rename, so a
// release is either whole or absent — never half-published, never rewritten.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeVersion, type ReleaseApp } from '@stride/shared/releases';
import { HOST } from '@stride/shared/topology';
import { appDir } from './command-args';
import { hostRoutes, sharedNeeds, sharedProvides } from './compat';
import { CommandError } from './errors';
import {
  buildRequests,
  type ManifestExpose,
  type ManifestFiles,
  pageAssetsOf,
} from './page-assets';
import type { ReleaseInfo } from './release-record';
import { runCommand } from './run-command.mjs';
import { ROOT, releasePath, STORE_FILES } from './store';

type Env = Record<string, string | undefined>;

interface Manifest extends ManifestFiles {
  exposes?: (ManifestExpose & { path?: string })[];
  shared?: { name: string; version: string; singleton?: boolean | null }[];
}

/** release.json's build facts, read from the manifest the build wrote. */
export function describeBuild(
  manifest: Manifest,
  requests?: unknown,
): Pick<ReleaseInfo, 'exposes' | 'singletons' | 'assets'> {
  const assets = pageAssetsOf(manifest, requests);
  return {
    exposes: (manifest.exposes ?? []).map((expose) => expose.path ?? `./${expose.name}`).sort(),
    singletons: Object.fromEntries(
      (manifest.shared ?? [])
        .filter((entry) => entry.singleton)
        .map((entry) => [entry.name, entry.version])
        .sort(([a], [b]) => (a as string).localeCompare(b as string)),
    ),
    ...(assets ? { assets } : {}),
  };
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new CommandError(
      `pnpm release needs a git checkout to name the version (git ${args.join(' ')}: ${
        result.stderr.trim() || result.error?.message || 'failed'
      })`,
    );
  }
  return result.stdout.trim();
}

async function build(dir: string, env: Env, log: (chunk: string) => void): Promise<void> {
  const { code } = await runCommand('pnpm', ['--filter', `./${dir}`, 'build'], {
    cwd: ROOT,
    env,
    onLine: (line) => log(`${line}\n`),
  });
  if (code !== 0) throw new CommandError(`the build of ${dir} failed (exit ${code})`);
}

/** The compatibility record of the app's sources as they were just built (compat.ts). */
async function compatibilityOf(
  app: ReleaseApp,
): Promise<Pick<ReleaseInfo, 'shared_needs' | 'shared_provides' | 'routes'>> {
  const provides = sharedProvides();
  if (app === HOST.name) {
    return { shared_provides: provides, routes: await hostRoutes(join(ROOT, HOST.dir)) };
  }
  return { shared_needs: sharedNeeds(join(ROOT, appDir(app)), provides) };
}

export interface PublishOptions {
  app: ReleaseApp;
  store: string;
  env: Env;
  /** Where the build's own output goes (not stdout: its last line is the version). */
  log: (chunk: string) => void;
  now?: Date;
}

/** Builds and publishes one release; returns its version. */
export async function publishRelease(options: PublishOptions): Promise<string> {
  const { app, store, env, log, now = new Date() } = options;
  const dir = appDir(app);
  const packageVersion = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).version;
  const commit = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', dir, 'shared']) !== '';
  const version = makeVersion(String(packageVersion), now, commit);
  const target = releasePath(store, app, version);
  if (existsSync(target)) {
    throw new CommandError(`${app} ${version} is already published, and releases are immutable`);
  }

  const staging = join(store, STORE_FILES.staging, `${app}-${version}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build(
      dir,
      {
        ...env,
        STRIDE_DIST_DIR: staging,
        STRIDE_RELEASE_VERSION: version,
        // Remotes resolve their assets from wherever they are served
        // (assetPrefix 'auto'); the host's page is served by the app origin,
        // which maps /host/<version>/ onto this release.
        ...(app === HOST.name ? { STRIDE_ASSET_PREFIX: `/host/${version}/` } : {}),
      },
      log,
    );
    const manifestFile = join(staging, 'mf-manifest.json');
    if (!existsSync(manifestFile)) {
      throw new CommandError(`the build of ${dir} wrote no mf-manifest.json`);
    }
    const info: ReleaseInfo = {
      app,
      version,
      commit,
      dirty,
      built_at: now.toISOString(),
      ...describeBuild(JSON.parse(readFileSync(manifestFile, 'utf8')), buildRequests(staging)),
      ...(await compatibilityOf(app)),
    };
    writeFileSync(join(staging, STORE_FILES.releaseInfo), `${JSON.stringify(info, null, 2)}\n`);
    mkdirSync(join(store, app), { recursive: true });
    // The publish itself: one rename, refused by the OS if the folder appeared meanwhile.
    try {
      renameSync(staging, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      throw new CommandError(`${app} ${version} was published meanwhile by another release`);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return version;
}
