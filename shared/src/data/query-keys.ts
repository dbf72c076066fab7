import type { GoalFilters, TaskFilters } from './types';

/**
 * Query keys for the one shared QueryClient. Goals, tasks and the dashboard
 * depend on each other (a done task moves a goal's progress and the
 * dashboard's counts), so every write invalidates `workData`.
 */
export const queryKeys = {
  workData: ['work'] as const,
  goals: {
    all: ['work', 'goals'] as const,
    list: (filters: GoalFilters = {}) => ['work', 'goals', 'list', filters] as const,
    detail: (id: string) => ['work', 'goals', 'detail', id] as const,
  },
  tasks: {
    all: ['work', 'tasks'] as const,
    list: (filters: TaskFilters = {}) => ['work', 'tasks', 'list', filters] as const,
    detail: (id: string) => ['work', 'tasks', 'detail', id] as const,
    /** The Upcoming view (GET /tasks/agenda/). */
    agenda: ['work', 'tasks', 'agenda'] as const,
  },
  dashboard: ['work', 'dashboard'] as const,
};
