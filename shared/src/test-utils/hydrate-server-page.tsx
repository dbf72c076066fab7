import {
  type DehydratedState,
  hydrate,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { resetAuthStore } from '../auth/auth-store';
import { QUERY_FRESH_MS } from '../data/query-client';

/**
 * Takes over a page rendered with data on the server (RenderPageWithData)
 * as the host does (docs/architecture.md §2, "Pages with data"): the
 * server's cache put into a client's, no user yet, then React hydrates the
 * server's HTML. `errors` holds what React recovered from: any hydration
 * mismatch. The client is fresh for as long as the app's.
 */
export async function hydrateServerPage(
  page: ReactElement,
  path: string,
  rendered: { html: string; state: unknown },
) {
  resetAuthStore();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: QUERY_FRESH_MS } },
  });
  hydrate(client, rendered.state as DehydratedState);
  const container = document.createElement('div');
  container.innerHTML = rendered.html;
  document.body.append(container);
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(
      container,
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    ),
  );
  return {
    container,
    errors,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
