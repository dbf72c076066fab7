import { unreachableText } from '../../../api/api-error';
import type { GoalStatus } from '../../types';

/**
 * What the goal hooks tell the user in toasts. Product copy (the spec's
 * catalogue has no goal messages); the network case reuses the spec's text.
 */
export const GOAL_TOASTS = {
  statusChanged: {
    active: 'Goal reopened',
    completed: 'Goal completed',
    archived: 'Goal archived',
  },
  deleted: 'Goal deleted',
  restored: 'Goal restored',
  statusFailed: 'Could not update the goal. Try again.',
  deleteFailed: 'Could not delete the goal. Try again.',
  undoFailed: 'Could not undo. Try again.',
  // Writes made offline, sent later by a page that did not make them (offline-writes.ts).
  createFailed: 'A goal you added offline could not be saved.',
  offlineSaveFailed: 'A change you made offline to a goal could not be saved.',
  conflict: 'This goal was changed somewhere else. The latest version is shown.',
} as const satisfies Record<string, string | Record<GoalStatus, string>>;

/** The spec's network message when the server could not be reached, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return unreachableText(error) ?? fallback;
}
