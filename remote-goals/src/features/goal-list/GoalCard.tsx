import { type Goal, getHref, Link, ProgressBar, paths } from '@stride/shared';
import { dayLabel, todayIn } from '@stride/shared/calendar-day';
import { GoalActions } from '../goal-actions/GoalActions';
import { progressText } from '../goals/copy';

/** The `?status=` of the tab a goal is listed under (none for the default tab). */
const TAB_PARAM = { active: undefined, completed: 'completed', archived: 'archived' } as const;

/** One goal in the list: its title (a link to its detail), target date, progress and actions. */
export function GoalCard({ goal }: { goal: Goal }) {
  const overdue =
    goal.status === 'active' && goal.target_date !== null && goal.target_date < todayIn();
  return (
    <li className="goal-card" data-testid="goal-card">
      <div className="goal-card__main">
        <h3 className="goal-card__title">
          <Link to={getHref(paths.goals, { status: TAB_PARAM[goal.status], goal: goal.id })}>
            {goal.title}
          </Link>
        </h3>
        {goal.target_date && (
          <p className={overdue ? 'goal-card__date goal-card__date--overdue' : 'goal-card__date'}>
            {overdue ? 'Was due' : 'Target'} {dayLabel(goal.target_date)}
          </p>
        )}
      </div>
      <div className="goal-card__progress">
        <ProgressBar
          done={goal.progress.done}
          total={goal.progress.total}
          label={`Progress of ${goal.title}`}
        />
        <p className="goal-card__progress-text">{progressText(goal.progress)}</p>
      </div>
      <GoalActions goal={goal} />
    </li>
  );
}
