/** Goals, tasks and the dashboard: the API contract of docs/architecture.md §4 (Stride's own design). */

export type {
  Agenda,
  AgendaEntry,
  DashboardSummary,
  DueFilter,
  Goal,
  GoalInput,
  GoalPatch,
  GoalStatus,
  Subtask,
  Task,
  TaskInput,
  TaskPatch,
  TaskPriority,
  TaskSort,
  TaskStatus,
  TaskStatusFilter,
} from '../contract';

import type { DueFilter, GoalStatus, TaskSort, TaskStatusFilter } from '../contract';

/** A calendar date, `YYYY-MM-DD`, in the user's time zone. */
export type IsoDate = string;

/** One page of a list; pass `next_cursor` back as `cursor` for the next one. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface GoalFilters {
  status?: GoalStatus;
  cursor?: string;
  limit?: number;
}

export interface TaskFilters {
  status?: TaskStatusFilter;
  goal_id?: string;
  due?: DueFilter;
  q?: string;
  /** A filter query (`today & @errand`), evaluated by the API. */
  filter?: string;
  sort?: TaskSort;
  cursor?: string;
  limit?: number;
}
