import {
  type DueFilter,
  TASK_VIEWS,
  type TaskListFilters,
  type TaskSort,
  type TaskStatusFilter,
  type TaskViewName,
} from '@stride/shared';
import { LABEL_NAME } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { listFilter, readFilter } from '../filters/filter-query';

/**
 * The list's filters as they live in the address bar, so a view can be
 * shared and the back button walks through earlier views:
 * `?status=todo&goal=<id>&due=overdue&label=errand&filter=p1%20%7C%20overdue&q=milk&sort=priority`. `?view=today`
 * or `?view=upcoming` shows one of the page's curated views instead.
 */
export interface TaskView {
  /** Today or Upcoming; absent for every task, filtered. */
  list?: TaskViewName;
  status?: TaskStatusFilter;
  goal?: string;
  due?: DueFilter;
  /** A label's name: tasks that carry it. */
  label?: string;
  /** A filter query (`today & @errand`), run by the API. */
  filter?: string;
  q?: string;
  sort: TaskSort;
}

/**
 * The user's own order: newest first until they move something, since a new
 * task goes to its top (docs/product.md).
 */
export const DEFAULT_SORT: TaskSort = 'position';
const STATUSES: readonly TaskStatusFilter[] = ['open', 'todo', 'in_progress', 'done'];
const DUES: readonly DueFilter[] = ['today', 'overdue', 'upcoming'];
const SORTS: readonly TaskSort[] = ['position', 'created_at', 'due_date', 'priority'];
const KEYS = ['view', 'status', 'goal', 'due', 'label', 'filter', 'q', 'sort'] as const;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => value === raw);
}

/** A label's name from the address; anything that cannot be one is no filter. */
const readLabel = (raw: string | null) =>
  raw && raw.length <= LIMITS.labelNameMax && LABEL_NAME.test(raw) ? raw : undefined;

/** Reads a view from search params; unknown or malformed values fall back to "any". */
export function readView(params: URLSearchParams): TaskView {
  const q = params.get('q')?.trim();
  return {
    list: oneOf(TASK_VIEWS, params.get('view')),
    status: oneOf(STATUSES, params.get('status')),
    goal: params.get('goal') || undefined,
    due: oneOf(DUES, params.get('due')),
    label: readLabel(params.get('label')),
    filter: readFilter(params.get('filter')),
    q: q || undefined,
    sort: oneOf(SORTS, params.get('sort')) ?? DEFAULT_SORT,
  };
}

/** Writes a view into a copy of `params`, leaving other parameters alone and defaults out. */
export function writeView(view: TaskView, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(key);
  if (view.list) next.set('view', view.list);
  if (view.status) next.set('status', view.status);
  if (view.goal) next.set('goal', view.goal);
  if (view.due) next.set('due', view.due);
  if (view.label) next.set('label', view.label);
  if (view.filter) next.set('filter', view.filter);
  if (view.q?.trim()) next.set('q', view.q.trim());
  if (view.sort !== DEFAULT_SORT) next.set('sort', view.sort);
  return next;
}

/** True when the view narrows the list (sorting does not). */
export function isFiltered(view: TaskView): boolean {
  return Boolean(view.status || view.goal || view.due || view.label || view.filter || view.q);
}

/** What the API is asked for. */
export function toListFilters(view: TaskView): TaskListFilters {
  const filters: TaskListFilters = { sort: view.sort };
  if (view.status) filters.status = view.status;
  if (view.goal) filters.goal_id = view.goal;
  if (view.due) filters.due = view.due;
  if (view.q) filters.q = view.q;
  const filter = listFilter(view.filter, view.label);
  if (filter) filters.filter = filter;
  return filters;
}
