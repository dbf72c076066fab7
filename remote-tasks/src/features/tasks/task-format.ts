import type { IsoDate, Task, TaskPriority, TaskStatus } from '@stride/shared';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** Today in the browser's time zone, as `YYYY-MM-DD`. */
export function localToday(now = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dateLabel = (date: IsoDate) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

export type DueState = 'overdue' | 'today' | 'upcoming';

/** How a task's due date reads, and whether it is late (done tasks are never late). */
export function describeDue(
  task: Pick<Task, 'due_date' | 'status'>,
  today = localToday(),
): { state: DueState; label: string } | null {
  if (!task.due_date) return null;
  if (task.due_date === today) return { state: 'today', label: 'Due today' };
  if (task.due_date < today && task.status !== 'done')
    return { state: 'overdue', label: `Overdue · ${dateLabel(task.due_date)}` };
  return { state: 'upcoming', label: `Due ${dateLabel(task.due_date)}` };
}
