/** Goals, tasks and the dashboard: the API contract of design.md §4 (Stride's own design). */

export type GoalStatus = 'active' | 'completed' | 'archived';
export type TaskStatus = 'todo' | 'in_progress' | 'done';
/** A list filter: one status, or `open` for every task not done yet. */
export type TaskStatusFilter = TaskStatus | 'open';
export type TaskPriority = 'none' | 'low' | 'medium' | 'high';
export type DueFilter = 'today' | 'overdue' | 'upcoming';
export type TaskSort = 'due_date' | 'priority' | 'created_at';

/** A calendar date, `YYYY-MM-DD`, in the user's time zone. */
export type IsoDate = string;

export interface Goal {
  id: string;
  title: string;
  description: string | null;
  status: GoalStatus;
  target_date: IsoDate | null;
  /** Tasks linked to the goal: how many are done, out of how many. */
  progress: { done: number; total: number };
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Task {
  id: string;
  title: string;
  notes: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: IsoDate | null;
  goal_id: string | null;
  completed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

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
  sort?: TaskSort;
  cursor?: string;
  limit?: number;
}

export interface GoalInput {
  title: string;
  description?: string | null;
  target_date?: IsoDate | null;
}

export type GoalPatch = Partial<GoalInput & { status: GoalStatus }> & { version: number };

export interface TaskInput {
  title: string;
  notes?: string | null;
  status?: TaskStatus;
  priority?: TaskPriority;
  due_date?: IsoDate | null;
  goal_id?: string | null;
}

export type TaskPatch = Partial<TaskInput> & { version: number };

export interface DashboardSummary {
  counts: { today: number; overdue: number; open: number; done_this_week: number };
  goals: Pick<Goal, 'id' | 'title' | 'status' | 'target_date' | 'progress'>[];
  /** The last 14 days, oldest first, in the user's time zone; days without completions have 0. */
  completions: { date: IsoDate; count: number }[];
}

/** Limits shared by the forms and the API (shared/src/limits.ts). */
export { LIMITS } from '../limits';
