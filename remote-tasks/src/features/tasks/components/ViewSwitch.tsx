import { getHref, Link, paths, type TaskViewName, taskViewHref } from '@stride/shared';
import type { SavedView } from '../../filters/views-data';

const VIEWS: { name: TaskViewName | undefined; label: string; href: string }[] = [
  { name: undefined, label: 'All', href: getHref(paths.tasks) },
  { name: 'today', label: 'Today', href: taskViewHref('today') },
  { name: 'upcoming', label: 'Upcoming', href: taskViewHref('upcoming') },
];

interface ViewSwitchProps {
  current: TaskViewName | undefined;
  /** The filter the list shows, to mark the saved view it is. */
  filter: string | undefined;
  saved: readonly SavedView[];
}

/**
 * All, Today, Upcoming and the user's saved views: links, so each view has
 * its address and the back button walks them. A saved view is its filter.
 */
export function ViewSwitch({ current, filter, saved }: ViewSwitchProps) {
  const savedCurrent = saved.find((view) => !current && view.query === filter);
  return (
    <nav className="task-views" aria-label="Task views">
      {VIEWS.map(({ name, label, href }) => (
        <Link
          key={label}
          to={href}
          className="task-views__link"
          aria-current={name === current && !savedCurrent ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
      {saved.map((view) => (
        <Link
          key={view.id}
          to={getHref(paths.tasks, { filter: view.query })}
          className="task-views__link"
          title={view.query}
          aria-current={view === savedCurrent ? 'page' : undefined}
        >
          {view.name}
        </Link>
      ))}
    </nav>
  );
}
