import { expect, rs } from '@rstest/core';
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
import { stubFetch } from './fetch-stub';

/**
 * Takes over a page rendered with data on the server (RenderPageWithData)
 * as the host does (docs/architecture.md §2, "Pages with data"): the
 * server's cache put into a client's, no user yet, then React hydrates the
 * server's HTML. `errors` holds any hydration mismatch: what React
 * recovered from, and an attribute it left as the server wrote it. The
 * client is fresh for as long as the app's.
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
  // React recovers from a text mismatch (onRecoverableError) but leaves an
  // attribute as the server wrote it, saying so only on the console.
  const consoleError = rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args.some((arg) => String(arg).includes("didn't match the client"))) {
      errors.push(args.map(String).join(' '));
    }
  });
  let root: ReturnType<typeof hydrateRoot>;
  try {
    root = await act(async () =>
      hydrateRoot(
        container,
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </QueryClientProvider>,
        { onRecoverableError: (error) => errors.push(error) },
      ),
    );
  } finally {
    consoleError.mockRestore();
  }
  return {
    container,
    errors,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * A page sent with its data, taken over as it is: hydrated from the
 * server's HTML and cache (`rendered`, null when the server would not
 * render it) with no mismatch and no request to the API. Each remote's
 * server-entry test checks its page with this.
 */
export async function takeOverServerPage(
  page: ReactElement,
  path: string,
  rendered: { html: string; state: unknown } | null,
) {
  if (!rendered) throw new Error(`No HTML with data for ${path}`);
  const { calls } = stubFetch();
  const view = await hydrateServerPage(page, path, rendered);
  expect(view.errors).toEqual([]);
  expect(calls).toEqual([]);
  return view;
}
