// The reads a page was sent with (docs/architecture.md §2, "Pages with
// data"), and the user's data version their answers hold. Live sync's
// catch-up (live-sync.ts) reads again only what may be behind: a query the
// page was sent with is current while it still holds that answer and the
// stream is following from that version or an earlier one.
import type { Query, QueryClient } from '@tanstack/react-query';

interface SentRead {
  /** The data version the answer holds (LIVE_SYNC.versionHeader). */
  version: number;
  /** The answer's time in the cache: another answer since, and this record no longer speaks for it. */
  dataUpdatedAt: number;
}

/** Per client, by query hash. Bounded by the page's reads: only those are ever noted. */
const sent = new WeakMap<QueryClient, Map<string, SentRead>>();

/**
 * Notes that the queries `queryHashes` in `client` hold answers read at
 * `version` (the page's data, just put into the cache).
 */
export function notePageReads(
  client: QueryClient,
  queryHashes: readonly string[],
  version: number,
): void {
  if (!Number.isSafeInteger(version)) return;
  const reads = sent.get(client) ?? new Map<string, SentRead>();
  for (const hash of queryHashes) {
    const query = client.getQueryCache().get(hash);
    if (query) reads.set(hash, { version, dataUpdatedAt: query.state.dataUpdatedAt });
  }
  sent.set(client, reads);
}

/**
 * Whether `query` holds everything up to `version` for certain: it holds
 * the answer the page was sent with, read at `version` or later, and is
 * neither being read again nor marked stale. Anything else may be behind.
 */
export function isCurrentAt(client: QueryClient, query: Query, version: number | null): boolean {
  const read = sent.get(client)?.get(query.queryHash);
  return (
    version !== null &&
    read !== undefined &&
    read.version >= version &&
    read.dataUpdatedAt === query.state.dataUpdatedAt &&
    query.state.fetchStatus === 'idle' &&
    !query.state.isInvalidated
  );
}
