// Quick add in Today or Upcoming: a task typed there belongs there. An
// undated one takes the view's first day (Today: today; Upcoming: tomorrow,
// the first day it lists), as Todoist does; a dated one that falls outside
// the view is named with where it went, so nothing vanishes without a word.
import type { TaskViewName } from '@stride/shared';
import { addDays, dayLabel } from '@stride/shared/calendar-day';
import { LIMITS } from '@stride/shared/limits';

/** The due date an undated task takes in `list`; none in the All view. */
export function dueForView(list: TaskViewName | undefined, today: string): string | undefined {
  if (list === 'today') return today;
  if (list === 'upcoming') return addDays(today, 1);
  return undefined;
}

/** The view a task due on `due` shows in. */
function viewOf(due: string | null, today: string): 'Today' | 'Upcoming' | 'All' {
  if (due !== null && due <= today) return 'Today';
  if (due !== null && due <= addDays(today, LIMITS.agendaDays)) return 'Upcoming';
  return 'All';
}

/** What to say when a task added in `list` does not show in it; null when it does. */
export function landingNote(
  list: TaskViewName | undefined,
  task: { title: string; due_date?: string | null },
  today: string,
): string | null {
  if (!list) return null;
  const due = task.due_date ?? null;
  const shownIn = viewOf(due, today);
  if (shownIn === (list === 'today' ? 'Today' : 'Upcoming')) return null;
  const when =
    due === null
      ? 'has no date'
      : due === today
        ? 'is due today'
        : `is due ${dayLabel(due, { today })}`;
  return `“${task.title}” ${when}: it is in ${shownIn}.`;
}
