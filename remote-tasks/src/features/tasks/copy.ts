import { LIMITS } from '@stride/shared';

/** The Tasks page's own words (the spec names none for tasks); tests read them from here too. */
export const TASKS_COPY = {
  quickAddLabel: 'New task',
  quickAddPlaceholder: 'Add a task: “Call the bank tomorrow 9am p1”',
  titleRequired: 'Give the task a title.',
  titleTooLong: `Keep the title to ${LIMITS.titleMax} characters or fewer.`,
  notesTooLong: `Keep the notes to ${LIMITS.notesMax.toLocaleString('en')} characters or fewer.`,
  added: (title: string) => `Added “${title}”.`,
  notAdded: (title: string) => `“${title}” was not added.`,
  goalCreated: (title: string) => `Goal “${title}” created.`,
  goalNotCreated: (title: string) => `Goal “${title}” was not created.`,
  saved: 'Task saved.',
  stoppedRepeating: 'The task no longer repeats.',
  stepsSaveAtOnce: 'Steps save as you change them; Cancel only drops changes to the fields above.',
  stepsHint: 'Alt + ↑ or ↓ on a step moves it; so does dragging it.',
  /** A step or a task moved by Alt + ↑/↓ or a drag, said to screen readers. */
  moved: (title: string, position: number, total: number) =>
    `Moved “${title}” to ${position} of ${total}.`,
  moveHandle: (title: string) => `Move “${title}”`,
  orderHint: 'Drag by the handle, or press Alt + ↑ or ↓ on a task, to put it in your own order.',
  notMoved: (title: string) => `“${title}” was not moved.`,
  completed: (title: string) => `Completed “${title}”.`,
  reopened: (title: string) => `“${title}” is to do again.`,
  undone: (title: string) => `Undone: “${title}” is as it was.`,
  notUndone: (title: string) => `Could not undo the change to “${title}”.`,
  notUndoneChanged: (title: string) =>
    `“${title}” was changed elsewhere since, so the undo was not applied.`,
  nextOccurrence: (title: string, when: string) => `Done. “${title}” is next due ${when}.`,
  saveFailed: 'Could not save the task. Your changes are still here.',
  emptyTitle: 'No tasks yet',
  emptyBody: 'Type a task above and press Enter. Press n from anywhere on this page to start one.',
  noMatchTitle: 'No tasks match',
  noMatchBody: 'Try other filters or another search.',
  clearFilters: 'Clear filters',
  loadFailed: 'Could not load your tasks.',
  loadMore: 'Load more tasks',
  allLoaded: (count: number) => `All ${count} tasks shown.`,
  shortcuts: 'Keyboard shortcuts',
  todayEmptyTitle: 'Nothing due today',
  todayEmptyBody:
    'Nothing is late either. Add a task with “today” in it, or look ahead in Upcoming.',
  upcomingEmptyTitle: 'Nothing in the next two weeks',
  upcomingEmptyBody:
    'Tasks due in the next 14 days, and the days your repeating tasks come round, show here.',
  upcomingTruncated: 'Only the first 500 entries are shown.',
} as const;
