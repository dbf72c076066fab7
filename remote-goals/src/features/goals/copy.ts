import type { GoalStatus } from '@stride/shared';

/**
 * The Goals page's own words (the spec's message catalogue has none for
 * goals). Tests import them, so a changed wording fails loudly.
 */
export const GOALS_COPY = {
  title: 'Goals',
  lead: 'The bigger things you are working toward. Each goal fills up as its tasks get done.',
  newGoal: 'New goal',
  loading: 'Loading goals',
  loadFailed: 'Your goals could not be loaded.',
  loadMore: 'Show more goals',
  tryAgain: 'Try again',
  saveFailed: 'The goal could not be saved. Your changes are still here: try again.',
  notFound: 'This goal does not exist any more, or it is not yours.',
  backToGoals: 'All goals',
  empty: {
    active: {
      title: 'No active goals yet',
      body: 'A goal is something bigger you are working toward, like “Run a half marathon” or “Launch the new site”. Create one, then add the tasks that get you there.',
    },
    completed: {
      title: 'Nothing completed yet',
      body: 'Goals you mark as complete land here, so you can look back on what you achieved.',
    },
    archived: {
      title: 'No archived goals',
      body: 'Archive a goal you have paused or dropped: it leaves your active list but keeps its history.',
    },
  } satisfies Record<GoalStatus, { title: string; body: string }>,
} as const;

export const TAB_LABELS: Record<GoalStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
};

/** "3 of 5 tasks done", or what to do when there are none. */
export function progressText({ done, total }: { done: number; total: number }): string {
  if (total === 0) return 'No tasks yet';
  return `${done} of ${total} ${total === 1 ? 'task' : 'tasks'} done`;
}
