import { getHref, Link, paths, type TaskViewName, taskViewHref } from '@stride/shared';

const VIEWS: { name: TaskViewName | undefined; label: string; href: string }[] = [
  { name: undefined, label: 'All', href: getHref(paths.tasks) },
  { name: 'today', label: 'Today', href: taskViewHref('today') },
  { name: 'upcoming', label: 'Upcoming', href: taskViewHref('upcoming') },
];

/** All, Today, Upcoming: links, so each view has its address and the back button walks them. */
export function ViewSwitch({ current }: { current: TaskViewName | undefined }) {
  return (
    <nav className="task-views" aria-label="Task views">
      {VIEWS.map(({ name, label, href }) => (
        <Link
          key={label}
          to={href}
          className="task-views__link"
          aria-current={name === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
