import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../query-keys';
import type { Agenda, Page, Task } from '../../types';

/**
 * Reads and rewrites one task wherever the shared cache holds it: infinite
 * lists (`useTasks`), plain pages (`Page<Task>`, e.g. a goal's tasks), the
 * agenda's entries and details. Untouched tasks keep their object identity, so memoised rows of a
 * 1,000-task list do not re-render when one task changes.
 */
type Update = (task: Task) => Task | null;

function inPage(page: Page<Task>, id: string, update: Update): Page<Task> {
  const index = page.items.findIndex((task) => task.id === id);
  const current = page.items[index];
  if (!current) return page;
  const next = update(current);
  const items = page.items.slice();
  if (next) items[index] = next;
  else items.splice(index, 1);
  return { ...page, items };
}

function rewrite(data: unknown, id: string, update: Update): unknown {
  if (!data || typeof data !== 'object') return data;
  if ('pages' in data) {
    const infinite = data as InfiniteData<Page<Task>>;
    const pages = infinite.pages.map((page) => inPage(page, id, update));
    return pages.every((page, i) => page === infinite.pages[i]) ? data : { ...infinite, pages };
  }
  if ('items' in data) return inPage(data as Page<Task>, id, update);
  if ('entries' in data) {
    const agenda = data as Agenda;
    if (!agenda.entries.some((entry) => entry.task.id === id)) return data;
    const entries = agenda.entries.flatMap((entry) => {
      if (entry.task.id !== id) return [entry];
      const next = update(entry.task);
      return next ? [{ ...entry, task: next }] : [];
    });
    return { ...agenda, entries };
  }
  if ('task' in data) {
    const task = (data as { task: Task }).task;
    if (task.id !== id) return data;
    const next = update(task);
    return next ? { task: next } : data;
  }
  return data;
}

/** Applies `update` to task `id` in every cached task query; `null` removes it from lists. */
export function updateCachedTask(client: QueryClient, id: string, update: Update): void {
  client.setQueriesData({ queryKey: queryKeys.tasks.all }, (data: unknown) =>
    rewrite(data, id, update),
  );
}

/** The task as the cache holds it now (first hit), if any. */
export function findCachedTask(client: QueryClient, id: string): Task | undefined {
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: queryKeys.tasks.all })) {
    let found: Task | undefined;
    rewrite(data, id, (task) => {
      found = task;
      return task;
    });
    if (found) return found;
  }
  return undefined;
}

/**
 * Every write invalidates `workData` (goals' progress, the dashboard). Task
 * lists that the write already patched are only marked stale, not refetched
 * at once: a long list would otherwise reload every page it has shown.
 */
export function invalidateAfterTaskWrite(
  client: QueryClient,
  options: { refetchTaskLists: boolean },
): Promise<void> {
  return Promise.all([
    client.invalidateQueries({
      queryKey: queryKeys.tasks.all,
      refetchType: options.refetchTaskLists ? 'active' : 'none',
    }),
    client.invalidateQueries({
      queryKey: queryKeys.workData,
      predicate: (query) => query.queryKey[1] !== 'tasks',
    }),
    // A write can move a task in or out of the agenda's days: reload it whole (it is small).
    client.invalidateQueries({ queryKey: queryKeys.tasks.agenda }),
  ]).then(() => undefined);
}
