import { type Goal, getHref, Link, ProgressBar, paths } from '@stride/shared';
import { dayLabel, todayIn } from '@stride/shared/calendar-day';
import { useHydrated } from '@stride/shared/hydration';
import { GoalActions } from '../goal-actions/GoalActions';
import { progressText } from '../goals/copy';

/** The `?status=` of the tab a goal is listed under (none for the default tab). */
const TAB_PARAM = { active: undefined, completed: 'completed', archived: 'archived' } as const;

/**
 * "Target Thu, Dec 31", or "Was due …" once past: words in the reader's
 * language and a day against the reader's today. In the server's HTML and
 * while hydrating (a page sent with its data, docs/architecture.md §2), the
 * day as the data has it; a component of its own, so only this line is
 * drawn again after hydration.
 */
function TargetLine({ goal, target }: { goal: Goal; target: string }) {
  if (!useHydrated()) return <p className="goal-card__date">Target {target}</p>;
  const overdue = goal.status === 'active' && target < todayIn();
  return (
    <p className={overdue ? 'goal-card__date goal-card__date--overdue' : 'goal-card__date'}>
      {overdue ? 'Was due' : 'Target'} {dayLabel(target)}
    </p>
  );
}

/** One goal in the list: its title (a link to its detail), target date, progress and actions. */
export function GoalCard({ goal }: { goal: Goal }) {
  return (
    <li className="goal-card" data-testid="goal-card">
      <div className="goal-card__main">
        <h3 className="goal-card__title">
          <Link to={getHref(paths.goals, { status: TAB_PARAM[goal.status], goal: goal.id })}>
            {goal.title}
          </Link>
        </h3>
        {goal.target_date && <TargetLine goal={goal} target={goal.target_date} />}
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
