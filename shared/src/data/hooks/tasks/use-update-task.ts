import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../ui/toasts/notify';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';
import type { Task, TaskPatch } from '../../types';
import { versionConflict } from '../../version-conflict';
import { findCachedTask, invalidateAfterTaskWrite, updateCachedTask } from './task-cache';
import { TASK_COPY, taskErrorReason } from './task-copy';
import {
  beginWrite,
  confirm,
  confirmedRecord,
  endWrite,
  recordVersion,
  resolveVersion,
  runInOrder,
  withPending,
} from './task-write-queue';

export interface UpdateTaskVariables {
  id: string;
  /** The changed fields and the `version` the user's view was based on. */
  patch: TaskPatch;
}

interface Context {
  token: number;
  title: string;
}

export interface UpdateTaskOptions {
  /**
   * Toast failures (default). A form that shows errors beside its fields
   * passes false and reads `error` (`versionConflict(error)` on a 409).
   */
  notifyErrors?: boolean;
}

export const updateTaskKey = [...queryKeys.tasks.all, 'update'] as const;

/**
 * Sends one update, after every earlier write to the same task, on the
 * version our own earlier writes moved it to (task-write-queue.ts). Also
 * what a write made offline runs when it is sent later (offline-writes.ts).
 */
export function sendTaskUpdate({ id, patch }: UpdateTaskVariables): Promise<{ task: Task }> {
  return runInOrder(id, async () => {
    const version = resolveVersion(id, patch.version);
    const answer = await tasksApi.update(id, { ...patch, version });
    recordVersion(id, version, answer.task.version);
    return answer;
  });
}

/** The fields a patch changes, with `completed_at` following `status` as the server will set it. */
function optimisticFields(patch: TaskPatch, current: Task | undefined): Partial<Task> {
  const { version: _version, ...fields } = patch;
  if (fields.status === undefined || fields.status === current?.status) return fields;
  const completed_at = fields.status === 'done' ? new Date().toISOString() : null;
  return { ...fields, completed_at };
}

/**
 * Updates a task optimistically: every cached list shows the change at once,
 * the server's record replaces it when it answers, and a refusal puts back
 * the last confirmed record with a message. A 409 shows the current record
 * (the one the server sent) and is the caller's to reconcile.
 */
export function useUpdateTask({ notifyErrors = true }: UpdateTaskOptions = {}) {
  const client = useQueryClient();
  return useMutation<{ task: Task }, unknown, UpdateTaskVariables, Context | undefined>({
    mutationKey: updateTaskKey,
    mutationFn: sendTaskUpdate,
    onMutate: async ({ id, patch }) => {
      // An in-flight refetch must not land on top of the optimistic change.
      await client.cancelQueries({ queryKey: queryKeys.tasks.all });
      const current = findCachedTask(client, id);
      const fields = optimisticFields(patch, current);
      const token = beginWrite(id, fields, current);
      updateCachedTask(client, id, (task) => ({ ...task, ...fields }));
      return { token, title: current?.title ?? patch.title ?? '' };
    },
    onSuccess: ({ task }, { id }, context) => {
      confirm(id, task);
      updateCachedTask(client, id, () => withPending(id, task, context?.token ?? 0));
    },
    onError: (error, { id }, context) => {
      const current = versionConflict<Task>(error);
      if (current) confirm(id, current);
      const base = confirmedRecord(id);
      if (base) updateCachedTask(client, id, () => withPending(id, base, context?.token ?? 0));
      if (!notifyErrors) return;
      if (current) notify.error(TASK_COPY.conflict, { id: `task-conflict-${id}` });
      else {
        const message = TASK_COPY.updateRolledBack(context?.title ?? '');
        const reason = taskErrorReason(error);
        notify.error(reason ? `${message} ${reason}` : message, { id: `task-update-${id}` });
      }
    },
    onSettled: (_data, _error, { id }, context) => {
      if (context) endWrite(id, context.token);
      return invalidateAfterTaskWrite(client, { refetchTaskLists: false });
    },
  });
}
