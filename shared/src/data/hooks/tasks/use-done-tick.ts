import { useEffect, useState } from 'react';
import type { Task } from '../../types';

/**
 * A task's done checkbox that flips in the same frame as the click. The
 * optimistic cache update lands a task later (after in-flight reads are
 * cancelled); until then a controlled checkbox would snap back to the old
 * state for a moment. Any new task object (the optimistic one, the server's
 * answer, a rollback) takes over again.
 */
export function useDoneTick(task: Task): { checked: boolean; tick: () => void } {
  const done = task.status === 'done';
  const [ticked, setTicked] = useState<boolean | null>(null);
  useEffect(() => setTicked(null), [task]);
  return { checked: ticked ?? done, tick: () => setTicked(!done) };
}
