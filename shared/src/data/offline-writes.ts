import type { Mutation, MutationOptions, QueryClient } from '@tanstack/react-query';
import { notify } from '../ui/toasts/notify';
import { failureText, GOAL_TOASTS } from './hooks/goals/goal-copy';
import { createGoalKey, createGoalOnServer } from './hooks/goals/use-create-goal';
import { deleteGoalKey, deleteGoalOnServer } from './hooks/goals/use-delete-goal';
import { goalStatusKey, sendGoalStatus } from './hooks/goals/use-goal-status';
import { updateGoalKey, updateGoalOnServer } from './hooks/goals/use-update-goal';
import { TASK_COPY, taskErrorReason } from './hooks/tasks/task-copy';
import { createTaskKey, createTaskOnServer } from './hooks/tasks/use-create-task';
import { deleteOnce, deleteTaskKey } from './hooks/tasks/use-delete-task';
import { sendTaskUpdate, updateTaskKey } from './hooks/tasks/use-update-task';
import { queryKeys } from './query-keys';
import { versionConflict } from './version-conflict';

// biome-ignore lint/suspicious/noExplicitAny: each write has its own variables; the table holds them all.
type AnyWrite = (variables: any) => Promise<unknown>;

/**
 * Every write the app can make offline (docs/product.md §10): its mutation
 * key, what sends it, and what a failure says when it is sent later, by a
 * page that did not make it (after a reload, the hook that made it is gone).
 */
const WRITES: { key: readonly unknown[]; send: AnyWrite; failed: (error: unknown) => string }[] = [
  {
    key: createTaskKey,
    send: createTaskOnServer,
    failed: (error) => withReason(TASK_COPY.createFailed, error),
  },
  {
    key: updateTaskKey,
    send: sendTaskUpdate,
    failed: (error) =>
      versionConflict(error) ? TASK_COPY.conflict : withReason(TASK_COPY.offlineSaveFailed, error),
  },
  {
    key: deleteTaskKey,
    send: deleteOnce,
    failed: (error) => withReason(TASK_COPY.deleteFailed, error),
  },
  {
    key: createGoalKey,
    send: createGoalOnServer,
    failed: (error) => failureText(error, GOAL_TOASTS.createFailed),
  },
  {
    key: updateGoalKey,
    send: updateGoalOnServer,
    failed: (error) =>
      versionConflict(error)
        ? GOAL_TOASTS.conflict
        : failureText(error, GOAL_TOASTS.offlineSaveFailed),
  },
  {
    key: goalStatusKey,
    send: sendGoalStatus,
    failed: (error) => failureText(error, GOAL_TOASTS.statusFailed),
  },
  {
    key: deleteGoalKey,
    send: deleteGoalOnServer,
    failed: (error) => failureText(error, GOAL_TOASTS.deleteFailed),
  },
];

function withReason(message: string, error: unknown): string {
  const reason = taskErrorReason(error);
  return reason ? `${message} ${reason}` : message;
}

const sameKey = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a !== undefined && a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * Lets a write saved while offline be sent after a reload: a mutation
 * restored from storage has its key and variables, and finds what sends it
 * here (the hooks' own functions, so a write is sent one way only).
 */
export function registerOfflineWrites(client: QueryClient): void {
  for (const write of WRITES) client.setMutationDefaults(write.key, { mutationFn: write.send });
}

/**
 * Sends the writes restored from storage, in the order they were made (a
 * task's writes also wait for each other, task-write-queue.ts). Each meets
 * the conflict rules as it would have then: a 409 shows the task or goal as
 * it is now, with a message; every list reloads once each has settled.
 */
export function sendRestoredWrites(client: QueryClient): Promise<unknown> {
  const restored = client
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.isPaused);
  for (const mutation of restored) {
    const write = WRITES.find((entry) => sameKey(mutation.options.mutationKey, entry.key));
    if (!write) continue;
    (mutation as Mutation<unknown, unknown, unknown, unknown>).setOptions({
      ...(mutation.options as MutationOptions<unknown, unknown, unknown, unknown>),
      onError: (error) => notify.error(write.failed(error)),
      // Goals and tasks alike: every list, count and progress is under `workData`.
      onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workData }),
    });
  }
  return client.resumePausedMutations();
}
