import { startEarlyAnswers, useAuthStore } from '@stride/shared';
import { browserOffline } from '@stride/shared/online';
import { remoteFilesFor } from '@stride/shared/releases';
import { remotePageAt } from '../route-table/route-table';
import { decideGuard } from './guard-decision';

/** This browser's release inputs, as the deployment document is resolved with them. */
type BrowserRelease = Parameters<typeof remoteFilesFor>[2];

/**
 * The API reads the deployment document names for the page at `pathname`,
 * in the version of its remote this browser resolves to; none when it names
 * none (a release made before they were recorded) or cannot be read.
 */
export function firstPageReads(
  document: unknown,
  pathname: string,
  browser: BrowserRelease,
): readonly string[] {
  const { remote, page } = remotePageAt(pathname);
  try {
    return remoteFilesFor(document, remote, browser)?.assets?.requests?.[page] ?? [];
  } catch {
    return []; // a document boot refuses: boot says why
  }
}

/**
 * Starts the first page's API reads as soon as the session check says the
 * page will show (docs/architecture.md §2, "First load"), so their answers
 * are on their way while the page's code runs and its first render asks
 * for them (early-answers.ts), instead of after it.
 *
 * Only where the guard will let the page show: a guest, or a user still to
 * be onboarded, is sent elsewhere and would only get refusals. Only with no
 * query string: the reads are those of the page's default view. Not offline.
 * Called after startApp, whose session check has set `loading`; the cache's
 * own clearing for the new user runs before this, subscribed first.
 * Returns the function that stops waiting.
 */
export function startFirstPageReads(
  deployment: { document: unknown; browser: BrowserRelease },
  at: Pick<Location, 'pathname' | 'search'> = window.location,
): () => void {
  const { pathname, search } = at;
  if (search !== '' || browserOffline()) return () => undefined;
  const reads = firstPageReads(deployment.document, pathname, deployment.browser);
  if (reads.length === 0) return () => undefined;
  const unsubscribe = useAuthStore.subscribe(({ user, loading }) => {
    if (loading) return;
    unsubscribe();
    const decision = decideGuard({ user, loading, restoreTried: true });
    if (decision.kind === 'allow' && at.pathname === pathname) startEarlyAnswers(reads);
  });
  return unsubscribe;
}
