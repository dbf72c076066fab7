/** Task queries and writes on the one shared QueryClient, for every remote that shows tasks. */
export { findCachedTask, updateCachedTask } from './task-cache';
export { TASK_COPY, taskErrorReason } from './task-copy';
export { useAgenda } from './use-agenda';
export { createTaskKey, useCreateTask } from './use-create-task';
export { restoreTask, useDeleteTask } from './use-delete-task';
export { useDoneTick } from './use-done-tick';
export { type TaskListFilters, taskListKey, useTasks } from './use-tasks';
export { type UpdateTaskOptions, type UpdateTaskVariables, useUpdateTask } from './use-update-task';
