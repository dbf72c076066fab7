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

/** Per client, by query hash: only a page's first reads are ever noted. */
const sent = new WeakMap<QueryClient, Map<string, SentRead>>();

/** A page's first reads are a handful (PAGE_ASSET_LIMITS.requests); more is not a page's. */
const MAX_NOTED = 16;

/**
 * Notes that the queries of `reads` (the page's data, as its HTML carried
 * it, just put into the cache) hold answers read at `version`. Each is
 * noted with the page's answer's time: where the cache kept an answer of
 * its own over it, that answer is not the one the version speaks for.
 */
export function notePageReads(
  client: QueryClient,
  reads: readonly { queryHash: string; state: { dataUpdatedAt: number } }[],
  version: number,
): void {
  if (!Number.isSafeInteger(version)) return;
  const noted = sent.get(client) ?? new Map<string, SentRead>();
  for (const read of reads.slice(0, MAX_NOTED)) {
    noted.set(read.queryHash, { version, dataUpdatedAt: read.state.dataUpdatedAt });
  }
  sent.set(client, noted);
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
