import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';
import { COMPRESSIBLE, type Encoding, MIN_COMPRESSED_SIZE, PRECOMPRESSED } from './precompressed';

/** The strongest settings: this runs once per build, and every visit downloads the result. */
const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

/** Writes each text file's `.br` and `.gz` beside it (precompressed.ts); returns how many files it compressed. */
export async function precompressFolder(dir: string): Promise<number> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
  let count = 0;
  for (const name of names) {
    const file = join(dir, name);
    if ((await stat(file)).size < MIN_COMPRESSED_SIZE) continue;
    const body = await readFile(file);
    for (const [encoding, suffix] of Object.entries(PRECOMPRESSED) as [Encoding, string][]) {
      await writeFile(`${file}${suffix}`, await compress[encoding](body));
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
