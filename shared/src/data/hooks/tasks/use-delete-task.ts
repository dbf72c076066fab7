import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../ui/notify';
import { notifyUndo } from '../../../ui/undo-toast';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';
import { invalidateAfterTaskWrite, updateCachedTask } from './task-cache';
import { TASK_COPY, taskErrorReason } from './task-copy';

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

/**
 * Deletes a task: it leaves every list at once, then a toast offers Undo
 * (restore). If the server refuses, the lists reload and a message says so.
 */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.tasks.all, 'delete'],
    mutationFn: (id: string) => tasksApi.remove(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: queryKeys.tasks.all });
      updateCachedTask(client, id, () => null);
    },
    onSuccess: (_answer, id) => {
      notifyUndo(TASK_COPY.deleted, () => void restoreTask(client, id));
    },
    onError: (error) => notify.error(withReason(TASK_COPY.deleteFailed, error)),
    onSettled: (_answer, error) =>
      invalidateAfterTaskWrite(client, { refetchTaskLists: Boolean(error) }),
  });
}
