import { type DashboardSummary, getHref, paths, taskViewHref } from '@stride/shared';

type CountKey = keyof DashboardSummary['counts'];

/**
 * The four summary cards, in order, and the task list each one opens: due
 * today and overdue open the Tasks page's Today view (overdue first, then
 * today); the others its filters (the same names as the API's `GET /tasks/`
 * filters; "open" is every task not done yet).
 */
export const SUMMARY_CARDS: readonly {
  key: CountKey;
  label: string;
  href: string;
  /** Drawn in the warning colour when above zero. */
  alert?: boolean;
}[] = [
  { key: 'today', label: 'Due today', href: taskViewHref('today') },
  { key: 'overdue', label: 'Overdue', href: taskViewHref('today'), alert: true },
  { key: 'open', label: 'Open', href: getHref(paths.tasks, { status: 'open' }) },
  {
    key: 'done_this_week',
    label: 'Done this week',
    href: getHref(paths.tasks, { status: 'done' }),
  },
];
