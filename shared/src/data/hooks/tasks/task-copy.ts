import { serverErrorText, unreachableText } from '../../../api/api-error';

/**
 * What users read when a task write goes wrong or can be undone. The spec
 * names no task messages (only the network one, reused here), so this is our
 * product copy, in one place for the hooks, the Tasks page and the tests.
 */
export const TASK_COPY = {
  deleted: 'Task deleted',
  restored: 'Task restored',
  restoreFailed: 'Could not restore the task.',
  deleteFailed: 'Could not delete the task. It is back in the list.',
  updateRolledBack: (title: string) => `Could not save “${title}”. Your change was undone.`,
  conflict: 'This task was changed somewhere else. The latest version is shown.',
  createFailed: 'Could not add the task.',
  /** A change made offline, sent later by a page that did not make it (offline-writes.ts). */
  offlineSaveFailed: 'A change you made offline to a task could not be saved.',
} as const;

/** The reason to show for a failed call: the spec's network message, else the server's own words. */
export function taskErrorReason(error: unknown): string | undefined {
  return unreachableText(error) ?? serverErrorText(error);
}
