import { Button, type Goal, LIMITS, SelectField, TextField } from '@stride/shared';
import type { Label } from '@stride/shared/contract';
import { useEffect, useRef, useState } from 'react';
import { FilterField } from '../../filters/components/FilterField';
import type { SavedView } from '../../filters/views-data';
import { goalOptions } from '../../goals/use-goal-options';
import type { TaskView } from '../task-filters';
import { STATUS_LABELS } from '../task-format';

export const SEARCH_ID = 'task-search';
const FILTERS_ID = 'task-filters';
const SEARCH_DELAY_MS = 250;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'open', label: 'Not done' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
const DUE_OPTIONS = [
  { value: '', label: 'Any date' },
  { value: 'today', label: 'Due today' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'upcoming', label: 'Upcoming' },
];
const SORT_OPTIONS = [
  { value: 'position', label: 'My order' },
  { value: 'created_at', label: 'Newest first' },
  { value: 'due_date', label: 'Due date' },
  { value: 'priority', label: 'Priority' },
];

interface TaskToolbarProps {
  view: TaskView;
  goals: Goal[];
  labels: readonly Label[];
  views: readonly SavedView[];
  announce: (message: string) => void;
  onChange: (change: Partial<TaskView>, options?: { replace?: boolean }) => void;
}

/** How many filters narrow the list (the sort does not). */
const activeFilters = (view: TaskView) =>
  [view.status, view.goal, view.due, view.label, view.filter].filter((value) => value !== undefined)
    .length;

/** The user's labels, and the one the address names even before they have loaded. */
function labelOptions(labels: readonly Label[], current: string | undefined) {
  const options = labels.map((label) => ({ value: label.name, label: `@${label.name}` }));
  if (current && !labels.some((label) => label.name === current)) {
    options.unshift({ value: current, label: `@${current}` });
  }
  return [{ value: '', label: 'Any label' }, ...options];
}

/**
 * Search and filters. Selects apply at once; the search waits for a pause in
 * typing. On a phone the selects fold behind a "Filters" button (saying how
 * many are on), so the list starts near the top of the screen; elsewhere they
 * are always shown and the button is not drawn (tasks.css).
 */
export function TaskToolbar({ view, goals, labels, views, announce, onChange }: TaskToolbarProps) {
  const [text, setText] = useState(view.q ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = activeFilters(view);
  const sent = useRef(view.q ?? '');

  // The URL moved (back button, Clear filters): show its search.
  useEffect(() => {
    if ((view.q ?? '') !== sent.current) {
      sent.current = view.q ?? '';
      setText(sent.current);
    }
  }, [view.q]);

  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      // Starting a search is a history step; refining it is not.
      onChange({ q: q || undefined }, { replace: sent.current !== '' });
      sent.current = q;
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  const select = (key: 'status' | 'goal' | 'due' | 'label') => (value: string) =>
    onChange({ [key]: value || undefined });

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (and happy-dom); a search-role form is the long-supported equivalent
    <form
      role="search"
      className="task-toolbar"
      aria-label="Filter tasks"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="task-toolbar__search">
        <TextField
          id={SEARCH_ID}
          type="search"
          label="Search tasks"
          hideLabel
          placeholder="Search tasks (press /)"
          value={text}
          maxLength={LIMITS.searchMax}
          onChange={(event) => setText(event.target.value)}
        />
        <Button
          className="task-toolbar__toggle"
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
      </div>
      <div
        id={FILTERS_ID}
        className={
          filtersOpen
            ? 'task-toolbar__filters task-toolbar__filters--open'
            : 'task-toolbar__filters'
        }
      >
        <SelectField
          id="filter-status"
          label="Status"
          options={STATUS_OPTIONS}
          value={view.status ?? ''}
          onChange={(event) => select('status')(event.target.value)}
        />
        <SelectField
          id="filter-goal"
          label="Goal"
          options={[{ value: '', label: 'Any goal' }, ...goalOptions(goals, view.goal)]}
          value={view.goal ?? ''}
          onChange={(event) => select('goal')(event.target.value)}
        />
        <SelectField
          id="filter-label"
          label="Label"
          options={labelOptions(labels, view.label)}
          value={view.label ?? ''}
          onChange={(event) => select('label')(event.target.value)}
        />
        <SelectField
          id="filter-due"
          label="Due"
          options={DUE_OPTIONS}
          value={view.due ?? ''}
          onChange={(event) => select('due')(event.target.value)}
        />
        <SelectField
          id="sort"
          label="Sort by"
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(event) => onChange({ sort: event.target.value as TaskView['sort'] })}
        />
        <FilterField
          filter={view.filter}
          views={views}
          onApply={(filter) => onChange({ filter })}
          announce={announce}
        />
      </div>
    </form>
  );
}
