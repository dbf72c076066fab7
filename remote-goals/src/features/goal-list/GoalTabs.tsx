import type { GoalStatus } from '@stride/shared';
import { useRef } from 'react';
import { TAB_LABELS } from '../goals/copy';
import { GOAL_TABS, PANEL_ID, tabAfterKey, tabId } from './goal-tabs';

/** Active / Completed / Archived as real tabs: one tab stop, arrows between them. */
export function GoalTabs({
  selected,
  onSelect,
}: {
  selected: GoalStatus;
  onSelect: (tab: GoalStatus) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={list}
      className="goal-tabs"
      role="tablist"
      aria-label="Goals by status"
      onKeyDown={(event) => {
        const next = tabAfterKey(selected, event.key);
        if (!next) return;
        event.preventDefault();
        onSelect(next);
        list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
      }}
    >
      {GOAL_TABS.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          className="goal-tabs__tab"
          aria-selected={tab === selected}
          aria-controls={PANEL_ID}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
