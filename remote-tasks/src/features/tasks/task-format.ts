import type { Task, TaskPriority, TaskStatus } from '@stride/shared';
import { dayLabel, todayIn } from '@stride/shared/calendar-day';

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

export type DueState = 'overdue' | 'today' | 'upcoming';

/** How a task's due date reads, and whether it is late (done tasks are never late). */
export function describeDue(
  task: Pick<Task, 'due_date' | 'status'> & Partial<Pick<Task, 'due_time'>>,
  today = todayIn(),
): { state: DueState; label: string } | null {
  if (!task.due_date) return null;
  const time = task.due_time ? `, ${task.due_time}` : '';
  if (task.due_date === today) return { state: 'today', label: `Due today${time}` };
  if (task.due_date < today && task.status !== 'done')
    return { state: 'overdue', label: `Overdue · ${dayLabel(task.due_date, { today })}${time}` };
  return { state: 'upcoming', label: `Due ${dayLabel(task.due_date, { today })}${time}` };
}

/** "2/5" for a checklist with two of five steps ticked; null without steps. */
export function stepsDone(task: Pick<Task, 'subtasks'>): { short: string; words: string } | null {
  const total = task.subtasks.length;
  if (total === 0) return null;
  const done = task.subtasks.filter((step) => step.done).length;
  return { short: `${done}/${total}`, words: `${done} of ${total} steps done` };
}
