import { rs } from '@rstest/core';
import type { Task } from '@stride/shared';
import { json, renderApp } from '@stride/shared/testing';
import type { ReactElement } from 'react';

export { testTask as task } from '@stride/shared/testing';

type Handler = (request: {
  url: URL;
  init: RequestInit;
  body: unknown;
}) => Response | Promise<Response>;

/**
 * A fake API by "METHOD /path/" (query string aside). Every call is recorded;
 * a call with no handler fails the test, so nothing talks to a real server.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  rs.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
    if (!handler) throw new Error(`Unexpected request: ${method} ${url}`);
    return handler({ url, init, body });
  });
  return calls;
}

export const page = (items: Task[], next_cursor: string | null = null) =>
  json({ items, next_cursor });
export const noGoals = () => json({ items: [], next_cursor: null });

/** The page at `path` (under /tasks), as the host renders it (shared renderApp). */
export function renderPage(element: ReactElement, path = '/tasks') {
  return renderApp([{ path: '/tasks', element }], { at: path });
}
