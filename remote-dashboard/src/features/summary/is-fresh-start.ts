import type { DashboardSummary } from '@stride/shared';

/** Nothing to show yet: no open tasks, nothing completed lately, no goals. */
export function isFreshStart({ counts, goals, completions }: DashboardSummary): boolean {
  return (
    counts.open === 0 &&
    counts.done_this_week === 0 &&
    goals.length === 0 &&
    completions.every((day) => day.count === 0)
  );
}
