import type { Task } from '@stride/shared';
import { json, renderApp } from '@stride/shared/testing';
import type { ReactElement } from 'react';

export { testTask as task } from '@stride/shared/testing';

export const page = (items: Task[], next_cursor: string | null = null) =>
  json({ items, next_cursor });
export const noGoals = () => json({ items: [], next_cursor: null });

/** The page at `path` (under /tasks), as the host renders it (shared renderApp). */
export function renderPage(element: ReactElement, path = '/tasks') {
  return renderApp([{ path: '/tasks', element }], { at: path });
}
