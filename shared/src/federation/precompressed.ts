// Text files are compressed once, when they are built, not per request
// (docs/architecture.md §2, "Caching"): the build writes `<file>.br` and
// `<file>.gz` beside each (precompress-plugin.ts), and the static servers send
// the variant a request accepts (scripts/lib/static-server.ts; nginx's
// `gzip_static`). This module is the contract between the two, and the one
// compressor both use.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Each encoding the build writes, best first, with the suffix of its file. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof PRECOMPRESSED;
export const ENCODINGS = Object.keys(PRECOMPRESSED) as Encoding[];

/** The files that have precompressed variants: text. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt)$/;

/** Below this size a variant saves less than its headers cost: none is written. */
export const MIN_COMPRESSED_SIZE = 1024;

/**
 * How hard to compress: `build` once per file, as small as it gets (every
 * visit downloads the result); `page` per request (the server-made pages),
 * fast enough not to hold the request.
 */
export const EFFORT = {
  build: { br: constants.BROTLI_MAX_QUALITY, gzip: constants.Z_BEST_COMPRESSION },
  page: { br: 5, gzip: 6 },
} as const satisfies Record<string, Record<Encoding, number>>;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `body` compressed in `encoding` at `effort`'s level, off the event loop (zlib's thread pool). */
export function compressBody(
  body: Buffer,
  encoding: Encoding,
  effort: keyof typeof EFFORT,
): Promise<Buffer> {
  const level = EFFORT[effort][encoding];
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level });
}
