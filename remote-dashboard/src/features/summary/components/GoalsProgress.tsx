import {
  type DashboardSummary,
  EmptyState,
  getHref,
  Link,
  ProgressBar,
  paths,
} from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { BrowserText } from '@stride/shared/hydration';

type DashboardGoal = DashboardSummary['goals'][number];

const targetText = (date: string) => () => ` · Target ${dayLabel(date)}`;

function progressText({ done, total }: DashboardGoal['progress']): string {
  if (total === 0) return 'No tasks linked yet';
  return `${done} of ${total} ${total === 1 ? 'task' : 'tasks'} done`;
}

/** Each active goal with its progress (done of total linked tasks); a title opens that goal in Goals. */
export function GoalsProgress({ goals }: { goals: DashboardSummary['goals'] }) {
  return (
    <section aria-labelledby="goals-title" className="dashboard-panel">
      <div className="dashboard-panel__header">
        <h2 id="goals-title">Goals</h2>
        <Link to={paths.goals} className="dashboard-panel__more">
          All goals
        </Link>
      </div>
      {goals.length === 0 ? (
        <EmptyState
          title="No goals yet"
          action={
            <Link to={paths.goals} className="ui-button ui-button--primary ui-button--small">
              Set a goal
            </Link>
          }
        >
          A goal gathers the tasks that move it forward, and shows how far along you are.
        </EmptyState>
      ) : (
        <ul className="goal-list">
          {goals.map((goal) => (
            <li key={goal.id} className="goal-list__item">
              <div className="goal-list__row">
                <Link to={getHref(paths.goals, { goal: goal.id })} className="goal-list__title">
                  {goal.title}
                </Link>
                {goal.status === 'completed' && <span className="goal-list__badge">Completed</span>}
              </div>
              <ProgressBar
                done={goal.progress.done}
                total={goal.progress.total}
                label={`${goal.title} progress`}
              />
              <p className="goal-list__meta">
                {progressText(goal.progress)}
                {/* Written in the browser's language: not in HTML the server rendered. */}
                {goal.target_date && <BrowserText text={targetText(goal.target_date)} />}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
