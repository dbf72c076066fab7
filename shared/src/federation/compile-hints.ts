import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { withoutTrailingSlashes } from '../url';

/**
 * V8's explicit compile hint (Chrome 136 and later): a script that begins
 * with this comment has every function compiled as it downloads, on a
 * background thread, instead of each one on the main thread the first time
 * it is called (docs/architecture.md §2, "Start-up in slices"). Other
 * browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** `source` beginning with the hint, once. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}${source}`;
}

/**
 * Puts the hint at the top of each script of `files` (paths under `dir`),
 * after the build (the minifier would take a comment out) and before the
 * files are precompressed (pluginPrecompress runs last). For files whose
 * functions nearly all run as a page starts, and only those: compiling
 * code that never runs costs a phone memory and work.
 */
export function addCompileHints(dir: string, files: readonly string[]): void {
  for (const file of new Set(files)) {
    if (!file.endsWith('.js')) continue;
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    if (source.length >= HINTED_MIN_CHARS) writeFileSync(path, withCompileHint(source));
  }
}

/**
 * A script shorter than this is not hinted: its compilation is a
 * millisecond or two, and the hint itself is about 22 bytes compressed,
 * counted in the first load's byte budget like any other.
 */
export const HINTED_MIN_CHARS = 10_000;

type FileLists = { sync?: string[] };
/** The part of a remote build's mf-manifest.json that names what its pages first load. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: FileLists } }[];
}

/**
 * A remote's start-up scripts, relative to its build folder: its entry and
 * each exposed module's own scripts (the ones its first render loads; not
 * the async ones, lazy code and the remote's fallback copies of shared packages).
 */
export function remoteStartFiles(manifest: RemoteManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const folder = withoutTrailingSlashes(entry?.path ?? '');
  const files = (manifest.exposes ?? []).flatMap((expose) => expose.assets?.js?.sync ?? []);
  if (entry?.name) files.unshift(folder ? `${folder}/${entry.name}` : entry.name);
  return files;
}

/** Adds the compile hint to a remote build's start-up scripts (production builds only). */
export function pluginRemoteCompileHints(): RsbuildPlugin {
  return {
    name: 'stride:remote-compile-hints',
    setup(api) {
      api.onAfterBuild(() => {
        const dist = api.context.distPath;
        const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
        addCompileHints(dist, remoteStartFiles(manifest));
      });
    },
  };
}
