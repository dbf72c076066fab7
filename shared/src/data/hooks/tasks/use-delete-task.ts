import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { notify } from '../../../ui/toasts/notify';
import { notifyUndo } from '../../../ui/toasts/undo-toast';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';
import { invalidateAfterTaskWrite, updateCachedTask } from './task-cache';
import { TASK_COPY, taskErrorReason } from './task-copy';
import { runInOrder } from './task-write-queue';

function withReason(message: string, error: unknown): string {
  const reason = taskErrorReason(error);
  return reason ? `${message} ${reason}` : message;
}

/**
 * Undoes a delete (the API deletes softly). Not tied to a component: the
 * undo toast outlives the page that deleted the task.
 */
export async function restoreTask(client: QueryClient, id: string): Promise<void> {
  try {
    await tasksApi.restore(id);
    notify.success(TASK_COPY.restored, { id: `task-restored-${id}` });
  } catch (error) {
    notify.error(withReason(TASK_COPY.restoreFailed, error));
  } finally {
    await invalidateAfterTaskWrite(client, { refetchTaskLists: true });
  }
}

/** Tasks whose delete is on its way, across every component that can delete one. */
const deleting = new Set<string>();

type Outcome = 'deleted' | 'already-deleting';

export const deleteTaskKey = [...queryKeys.tasks.all, 'delete'] as const;

/**
 * Sends the delete once, after every earlier write to the task; a task the
 * server no longer has is deleted all the same.
 */
export async function deleteOnce(id: string): Promise<Outcome> {
  if (deleting.has(id)) return 'already-deleting';
  deleting.add(id);
  try {
    await runInOrder(id, () => tasksApi.remove(id));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  } finally {
    deleting.delete(id);
  }
  return 'deleted';
}

/**
 * Deletes a task: it leaves every list at once, then a toast offers Undo
 * (restore). A second press while the delete is on its way does nothing, and
 * a task already deleted (a double click, another device) counts as deleted.
 * If the server refuses, the lists reload and a message says so.
 */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: deleteTaskKey,
    mutationFn: deleteOnce,
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: queryKeys.tasks.all });
      updateCachedTask(client, id, () => null);
    },
    onSuccess: (outcome, id) => {
      if (outcome === 'already-deleting') return;
      notifyUndo(TASK_COPY.deleted, () => void restoreTask(client, id));
    },
    onError: (error) => notify.error(withReason(TASK_COPY.deleteFailed, error)),
    onSettled: (_answer, error) =>
      invalidateAfterTaskWrite(client, { refetchTaskLists: Boolean(error) }),
  });
}
