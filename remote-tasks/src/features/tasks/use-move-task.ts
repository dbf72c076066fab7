import { notify, type Task, useUpdateTask, versionConflict } from '@stride/shared';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useAnnounce } from './announce';
import { TASKS_COPY } from './copy';
import { inOwnOrder, positionFor } from './reorder';
import { useRememberChange } from './use-undo';

/**
 * Moves a task within the list as shown: one new key, sent as a version-
 * checked update (so it queues offline like any other). A move is the user's
 * intent whatever else changed, so a 409 is sent again once on the version
 * the server has now. Moves in quick succession each start from the order the
 * last one left, before the cache has caught up.
 */
export function useMoveTask(tasks: Task[]) {
  const shown = useRef(tasks);
  const rendered = useRef(tasks);
  // A new list from the cache takes over; until then the moves' own order stands.
  if (rendered.current !== tasks) {
    rendered.current = tasks;
    shown.current = tasks;
  }
  const keepFocus = useKeptFocus(tasks);
  const announce = useAnnounce();
  const remember = useRememberChange();
  const { mutate } = useUpdateTask({ notifyErrors: false });
  const move = useCallback(
    (from: number, to: number) => {
      const list = shown.current;
      const task = list[from];
      const position = positionFor(list, from, to);
      if (!task || position === null) return;
      shown.current = inOwnOrder(
        list.map((item) => (item === task ? { ...task, position } : item)),
      );
      const send = (version: number, again: boolean) =>
        mutate(
          { id: task.id, patch: { version, position } },
          {
            onSuccess: ({ task: saved }) =>
              remember({
                kind: 'change',
                id: task.id,
                title: task.title,
                before: task,
                after: saved,
              }),
            onError: (error) => {
              const current = versionConflict<Task>(error);
              if (current && again) send(current.version, false);
              else notify.error(TASKS_COPY.notMoved(task.title), { id: `task-move-${task.id}` });
            },
          },
        );
      send(task.version, true);
      const place = Math.max(0, Math.min(list.length - 1, to));
      announce(TASKS_COPY.moved(task.title, place + 1, list.length));
      keepFocus();
    },
    [mutate, announce, remember, keepFocus],
  );
  const indexOf = useCallback(
    (task: Task) => shown.current.findIndex((item) => item.id === task.id),
    [],
  );
  return { move, indexOf };
}

/**
 * A row that moves in the DOM loses the focus (the browser drops it when the
 * node is taken out to be put back). Returns a function that marks the
 * focused element to keep: after each render of the list, if the focus fell
 * to the page, it goes back there, until the user focuses something else.
 */
function useKeptFocus(tasks: Task[]) {
  const kept = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = kept.current;
    if (!element?.isConnected) return;
    if (document.activeElement === document.body || document.activeElement === null) {
      element.focus();
    } else if (document.activeElement !== element) kept.current = null;
  }, [tasks]);
  return useCallback(() => {
    kept.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
}
