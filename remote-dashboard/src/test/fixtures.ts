import type { DashboardSummary } from '@stride/shared';

/** 14 days ending 2025-11-18, oldest first, with the given counts (0 elsewhere). */
export function fourteenDays(counts: Record<number, number> = {}): DashboardSummary['completions'] {
  return Array.from({ length: 14 }, (_, index) => {
    const day = new Date(Date.UTC(2025, 10, 5 + index));
    return { date: day.toISOString().slice(0, 10), count: counts[index] ?? 0 };
  });
}

export function summary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    counts: { today: 2, overdue: 1, open: 7, done_this_week: 4 },
    goals: [
      {
        id: 'g1',
        title: 'Run a half marathon',
        status: 'active',
        target_date: null,
        progress: { done: 1, total: 4 },
      },
    ],
    completions: fourteenDays({ 10: 1, 13: 3 }),
    ...overrides,
  };
}

export const emptySummary = (): DashboardSummary => ({
  counts: { today: 0, overdue: 0, open: 0, done_this_week: 0 },
  goals: [],
  completions: fourteenDays(),
});
