import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';
import type { TaskInput } from '../../types';
import { invalidateAfterTaskWrite } from './task-cache';

export const createTaskKey = [...queryKeys.tasks.all, 'create'] as const;

export const createTaskOnServer = (input: TaskInput) => tasksApi.create(input);

/**
 * Creates a task. The mutation stays pending until the lists that show it
 * have reloaded, so a caller can show the pending title (`useMutationState`
 * with `createTaskKey`) without a gap. Errors are the caller's to show: a
 * form keeps what was typed and puts `error.fields` under its fields.
 */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: createTaskKey,
    mutationFn: createTaskOnServer,
    onSuccess: () => invalidateAfterTaskWrite(client, { refetchTaskLists: true }),
  });
}
