import type { GoalStatus } from '@stride/shared';

export const GOAL_TABS: readonly GoalStatus[] = ['active', 'completed', 'archived'];

/** The tab in the address (`?status=`), so reload and Back keep it; anything unknown is "active". */
export function tabFromSearch(value: string | null): GoalStatus {
  return GOAL_TABS.find((tab) => tab === value) ?? 'active';
}

/** Arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern), wrapping around. */
export function tabAfterKey(current: GoalStatus, key: string): GoalStatus | null {
  const index = GOAL_TABS.indexOf(current);
  const last = GOAL_TABS.length - 1;
  const next =
    key === 'ArrowRight'
      ? (index + 1) % GOAL_TABS.length
      : key === 'ArrowLeft'
        ? (index - 1 + GOAL_TABS.length) % GOAL_TABS.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return next === null ? null : (GOAL_TABS[next] ?? null);
}

export const tabId = (status: GoalStatus) => `goals-tab-${status}`;
export const PANEL_ID = 'goals-panel';
