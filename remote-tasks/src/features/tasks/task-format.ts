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

/** "Mon 30 Nov": a day named with its weekday, for what comes next. */
export const dayLabel = (date: IsoDate) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

export type DueState = 'overdue' | 'today' | 'upcoming';

/** How a task's due date reads, and whether it is late (done tasks are never late). */
export function describeDue(
  task: Pick<Task, 'due_date' | 'status'> & Partial<Pick<Task, 'due_time'>>,
  today = localToday(),
): { state: DueState; label: string } | null {
  if (!task.due_date) return null;
  const time = task.due_time ? `, ${task.due_time}` : '';
  if (task.due_date === today) return { state: 'today', label: `Due today${time}` };
  if (task.due_date < today && task.status !== 'done')
    return { state: 'overdue', label: `Overdue · ${dateLabel(task.due_date)}${time}` };
  return { state: 'upcoming', label: `Due ${dateLabel(task.due_date)}${time}` };
}

/** "2/5" for a checklist with two of five steps ticked; null without steps. */
export function stepsDone(task: Pick<Task, 'subtasks'>): { short: string; words: string } | null {
  const total = task.subtasks.length;
  if (total === 0) return null;
  const done = task.subtasks.filter((step) => step.done).length;
  return { short: `${done}/${total}`, words: `${done} of ${total} steps done` };
}
