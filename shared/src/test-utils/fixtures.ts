import type { Goal, Task } from '../data/types';
import type { User } from '../types';

/** A signed-in, onboarded user for tests of any package. */
export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  profile_picture: null,
  timezone: 'Europe/London',
  onboarding_completed: true,
  created_at: '2026-01-05T09:00:00.000Z',
};

let made = 0;
/** A valid fractional-indexing key, later than every one made before it. */
const nextPosition = () => `a0${String(++made).padStart(6, '0')}V`;

/**
 * A task as the API returns it: `Task <id>`, to do, no date, goal or notes.
 * Tasks made one after another are in that order in the user's own order.
 */
export const testTask = (id: string, extra: Partial<Task> = {}): Task => ({
  id,
  title: `Task ${id}`,
  notes: null,
  status: 'todo',
  priority: 'none',
  due_date: null,
  due_time: null,
  repeat: null,
  repeat_from: 'due',
  subtasks: [],
  goal_id: null,
  labels: [],
  reminders: [],
  completed_at: null,
  position: nextPosition(),
  version: 1,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
  ...extra,
});

/** A goal as the API returns it: active, no date, no tasks yet. */
export const testGoal = (id: string, extra: Partial<Goal> = {}): Goal => ({
  id,
  title: `Goal ${id}`,
  description: null,
  status: 'active',
  target_date: null,
  progress: { done: 0, total: 0 },
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});
