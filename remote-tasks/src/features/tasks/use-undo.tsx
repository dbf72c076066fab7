import { apiRequest, notify, queryKeys, useUpdateTask, versionConflict } from '@stride/shared';
import { notifyUndo } from '@stride/shared/undo-toast';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { TASKS_COPY } from './copy';
import { revertPatch, type UndoEntry, UndoHistory } from './undo';
import { inDialog, isTypingTarget } from './use-shortcuts';

/** Remembers a change for Ctrl/⌘-Z; with a message, a toast offers Undo too. */
export type RememberChange = (entry: UndoEntry, toast?: string) => void;

export const UndoContext = createContext<RememberChange>(() => undefined);

/** What the rows, the editor and the steps call once the server has taken a change. */
export const useRememberChange = () => useContext(UndoContext);

/** Ctrl-Z, or ⌘-Z on a Mac, that is not a field's own undo of its typing. */
function isUndoKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.shiftKey || event.altKey) return false;
  if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return false;
  return !isTypingTarget(event.target) && !inDialog(event.target);
}

const afterNextPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

/** How long Ctrl/⌘-Z waits for writes in flight (one offline may wait for hours). */
const UNDO_WAIT_MS = 5_000;

/**
 * Resolves once no write is in flight, or after UNDO_WAIT_MS: a change joins
 * the history when the server answers it, so Ctrl-Z pressed right after a
 * move must wait for that answer to take the move back, not the change before.
 */
function writesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => client.isMutating() === 0;
    if (idle()) return resolve();
    const done = () => {
      stop();
      clearTimeout(timer);
      // The write's own callbacks (which remember it) run after its state settles.
      setTimeout(resolve, 0);
    };
    const stop = client.getMutationCache().subscribe(() => idle() && done());
    const timer = setTimeout(done, UNDO_WAIT_MS);
  });
}

/** A delete undone: the API deleted softly, so the task comes back whole. */
async function restore(client: QueryClient, id: string): Promise<void> {
  await apiRequest(`/tasks/${id}/restore/`, { method: 'POST' });
  await client.invalidateQueries({ queryKey: queryKeys.tasks.all });
  await client.invalidateQueries({ queryKey: queryKeys.workData });
}

/**
 * The page's undo (undo.ts): its history, Ctrl/⌘-Z, and the toast's Undo.
 * `announce` tells screen readers what was undone.
 */
export function useUndo(announce: (message: string) => void): RememberChange {
  const history = useRef(new UndoHistory()).current;
  const client = useQueryClient();
  const { mutate } = useUpdateTask({ notifyErrors: false });

  const undo = useCallback(
    (which?: UndoEntry) => {
      const entry = history.take(which);
      if (!entry) return;
      const failed = (error: unknown) =>
        notify.error(
          versionConflict(error)
            ? TASKS_COPY.notUndoneChanged(entry.title)
            : TASKS_COPY.notUndone(entry.title),
          { id: `undo-${entry.id}` },
        );
      if (entry.kind === 'delete') {
        restore(client, entry.id).then(() => announce(TASKS_COPY.undone(entry.title)), failed);
        return;
      }
      const patch = revertPatch(entry.before, entry.after);
      if (!patch) return;
      mutate(
        { id: entry.id, patch },
        { onSuccess: () => announce(TASKS_COPY.undone(entry.title)), onError: failed },
      );
    },
    [history, mutate, announce, client],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isUndoKey(event)) return;
      event.preventDefault();
      void writesSettled(client).then(() => undo());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [undo, client]);

  return useCallback(
    (entry, toast) => {
      history.remember(entry);
      // After the next paint: the change itself (a done mark) shows first, and
      // the toast's render never delays it by a frame.
      if (toast) afterNextPaint(() => notifyUndo(toast, () => undo(entry), `undo-${entry.id}`));
    },
    [history, undo],
  );
}
