import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';

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
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
