// Moving things within a list: a task's steps (their array is the order) and
// the user's own order of tasks, where each task holds a fractional-indexing
// key and a move sends one new key (docs/architecture.md §4 "Own order").
import type { Task } from '@stride/shared';
import { generateKeyBetween } from 'fractional-indexing';

/** The list with one item moved from `from` to `to` (indexes clamped); the input is left as it was. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(target, 0, item);
  return next;
}

/** Keys are ASCII, so JS string order is the byte order the API sorts them in. */
const byPosition = (a: Task, b: Task) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : 0;

/**
 * The tasks in the user's own order. The API sends them so; this keeps a
 * moved task in its new place while its write is on the way, and leaves the
 * list as it is (same array) when nothing is out of place.
 */
export function inOwnOrder(tasks: Task[]): Task[] {
  for (let i = 1; i < tasks.length; i++) {
    const before = tasks[i - 1];
    const task = tasks[i];
    if (before && task && byPosition(before, task) > 0) return [...tasks].sort(byPosition);
  }
  return tasks;
}

/**
 * Whether this list can be put in order by hand: every task has a key (a
 * list kept offline from before keys existed has none until it reloads).
 */
export const canReorder = (tasks: readonly Task[]) =>
  tasks.every((task) => typeof task.position === 'string' && task.position.length > 0);

/**
 * The key that puts `tasks[from]` at index `to` of the list as shown, or null
 * when it would not move. Between the keys of its new neighbours: other
 * tasks hidden by a filter keep their places around it.
 */
export function positionFor(tasks: readonly Task[], from: number, to: number): string | null {
  const target = Math.max(0, Math.min(tasks.length - 1, to));
  if (target === from || !tasks[from]) return null;
  const others = tasks.filter((_task, index) => index !== from);
  const before = others[target - 1]?.position ?? null;
  const after = others[target]?.position ?? null;
  return generateKeyBetween(before, after);
}
