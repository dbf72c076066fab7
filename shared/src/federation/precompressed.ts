// Text files are compressed once, when they are built, not per request
// (docs/architecture.md §2, "Caching"): the build writes `<file>.br` and
// `<file>.gz` beside each (precompress-plugin.ts), and the static servers send
// the variant a request accepts (scripts/lib/static-server.ts; nginx's
// `gzip_static`). This module is the contract between the two.

/** Each encoding the build writes, best first, with the suffix of its file. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof PRECOMPRESSED;
export const ENCODINGS = Object.keys(PRECOMPRESSED) as Encoding[];

/** The files that have precompressed variants: text. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt)$/;

/** Below this size a variant saves less than its headers cost: none is written. */
export const MIN_COMPRESSED_SIZE = 1024;
