import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RsbuildPlugin, rspack } from '@rsbuild/core';

/**
 * Minifies a script the build does not bundle (Rspack's own SWC minifier):
 * its source keeps its comments, a phone downloads none of them. Each such
 * script counts in the first load's bytes (e2e/byte-budget.spec.ts).
 */
export function minifyScript(code: string): string {
  return rspack.experiments.swc.minifySync(code, { compress: true, mangle: true }).code;
}

/** Minifies, in a build, each script the app copies from its public/ folder as it is. */
export function minifyPublicScripts(publicDir: string, distDir: string): string[] {
  if (!existsSync(publicDir)) return [];
  const names = readdirSync(publicDir).filter((name) => name.endsWith('.js'));
  for (const name of names) {
    const file = join(distDir, name);
    if (existsSync(file)) writeFileSync(file, minifyScript(readFileSync(file, 'utf8')));
  }
  return names;
}

/**
 * Runs first among the after-build steps: the service worker's revisions
 * and the precompressed variants are made from the minified files.
 */
export const pluginMinifyPublicScripts = (): RsbuildPlugin => ({
  name: 'stride:minify-public-scripts',
  setup(api) {
    api.onAfterBuild({
      order: 'pre',
      handler: () => {
        minifyPublicScripts(join(api.context.rootPath, 'public'), api.context.distPath);
      },
    });
  },
});
