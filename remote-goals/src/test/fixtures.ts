import type { Goal, Page, Task } from '@stride/shared';
import { testGoal, testTask } from '@stride/shared/testing';

export const page = <T>(items: T[], next_cursor: string | null = null): Page<T> => ({
  items,
  next_cursor,
});

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return testGoal('g1', { title: 'Run a half marathon', ...overrides });
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return testTask('t1', { title: 'Run 5 km', goal_id: 'g1', ...overrides });
}
