import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { SERVER_HTML } from '../server-html';
import {
  COMPRESSIBLE,
  compressBody,
  type Encoding,
  MIN_COMPRESSED_SIZE,
  PRECOMPRESSED,
} from './precompressed';

/** Writes each text file's `.br` and `.gz` beside it (precompressed.ts); returns how many files it compressed. */
export async function precompressFolder(dir: string): Promise<number> {
  // A server bundle (server-html-plugin.ts) is run by the server, never sent compressed.
  const serverBundle = join(SERVER_HTML.dir, SERVER_HTML.renderDir, sep);
  const names = (await readdir(dir, { recursive: true })).filter(
    (name) => COMPRESSIBLE.test(name) && !name.startsWith(serverBundle),
  );
  let count = 0;
  for (const name of names) {
    const file = join(dir, name);
    if ((await stat(file)).size < MIN_COMPRESSED_SIZE) continue;
    const body = await readFile(file);
    for (const [encoding, suffix] of Object.entries(PRECOMPRESSED) as [Encoding, string][]) {
      await writeFile(`${file}${suffix}`, await compressBody(body, encoding, 'build'));
    }
    count++;
  }
  return count;
}

/**
 * Precompresses a production build (precompressed.ts). It runs after every
 * other plugin's after-build step, because some of them rewrite files
 * (boot-preload.ts adds the HTML's preloads): a variant older than its file
 * would be sent in its place.
 */
export const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'stride:precompress',
  setup(api) {
    api.onAfterBuild({
      order: 'post',
      handler: async () => {
        await precompressFolder(api.context.distPath);
      },
    });
  },
});
