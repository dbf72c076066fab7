import { EmptyState, Link, paths } from '@stride/shared';

/** A brand-new user's dashboard: what it will show, and the two ways to start. */
export function GetStarted() {
  return (
    <section aria-labelledby="get-started-title" className="dashboard-panel get-started">
      <h2 id="get-started-title" className="visually-hidden">
        Get started
      </h2>
      <EmptyState
        title="Your dashboard fills in as you go"
        action={
          <div className="get-started__actions">
            <Link to={paths.tasks} className="ui-button ui-button--primary">
              Add your first task
            </Link>
            <Link to={paths.goals} className="ui-button ui-button--secondary">
              Set a goal
            </Link>
          </div>
        }
      >
        Add a task with a due date and it shows up here under “Due today” or “Overdue”. Link tasks
        to a goal to see how far along it is, and tick them off to fill the chart of the last two
        weeks.
      </EmptyState>
    </section>
  );
}
