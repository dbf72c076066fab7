import {
  dehydrate,
  type QueryClient,
  QueryClient as QueryClientClass,
  QueryClientProvider,
  type QueryKey,
} from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QUERY_FRESH_MS } from '../data/query-client';
import type { PageAnswers } from '../server-html';

function render(page: ReactElement, path: string, client: QueryClient): string {
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * A remote page as HTML, rendered when the remote is built
 * (docs/architecture.md §2, "Pages as HTML"): at `path`, with no user yet
 * and nothing loaded (an empty query cache: each list as its skeleton). The host hydrates it in place, so the page's
 * first render must not depend on anything the browser knows and the
 * build does not (storage, the clock, the query string) and must not call
 * `useId` (its ids count from the root, which is the host's on the client).
 * Node only: import it from a server entry, never from browser code.
 */
export function renderPageHtml(page: ReactElement, path: string): string {
  return render(page, path, new QueryClientClass());
}

/** One of a page's first reads: the API path asked, and the query that keeps its answer. */
export interface ServerRead {
  path: string;
  queryKey: QueryKey;
  /**
   * What the query keeps of the answer, as its own `queryFn` makes it (a
   * list's items, an infinite query's first page); undefined when the
   * answer alone cannot make it (a list with more pages to fetch), and the
   * page is then sent as built. The answer itself when absent.
   */
  data?: (answer: unknown) => unknown;
}

/** A list answer's items (`{ items: [...] }`); undefined for anything else. */
export const itemsOf = (answer: unknown): unknown[] | undefined =>
  typeof answer === 'object' &&
  answer !== null &&
  Array.isArray((answer as { items?: unknown }).items)
    ? (answer as { items: unknown[] }).items
    : undefined;

/** A list answer as an infinite query keeps it: its first page; undefined for anything else. */
export const asFirstPage = (answer: unknown) =>
  itemsOf(answer) ? { pages: [answer], pageParams: [null] } : undefined;

/**
 * A remote page as HTML with the user's data, per request
 * (docs/architecture.md §2, "Pages with data"): its first reads' answers put
 * in a fresh query cache under their queries' keys, the page rendered from
 * it as its first render on the client will draw it once the host has put
 * the same cache into its own, and that cache (dehydrated) to go beside the
 * HTML. Null when an answer is missing or cannot make its query's data.
 * Still no user, as at build time: the guard holds the page while it checks
 * the session. Node only.
 */
export function renderPageWithAnswers(
  page: ReactElement,
  path: string,
  reads: readonly ServerRead[],
  answers: PageAnswers,
): { html: string; state: unknown } | null {
  // Fresh as long as in the app's client: an answer the server calls stale
  // renders the page as fetching again (a list's aria-busy), which the
  // client's first render does not, and React keeps the server's attribute.
  const client = new QueryClientClass({
    defaultOptions: { queries: { staleTime: QUERY_FRESH_MS } },
  });
  for (const read of reads) {
    if (!Object.hasOwn(answers, read.path)) return null;
    const answer = answers[read.path];
    const data = read.data ? read.data(answer) : answer;
    if (data === undefined) return null;
    client.setQueryData(read.queryKey, data);
  }
  return { html: render(page, path, client), state: dehydrate(client) };
}
