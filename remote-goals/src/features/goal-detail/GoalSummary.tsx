import { type Goal, ProgressBar } from '@stride/shared';
import { dayLabel, todayIn } from '@stride/shared/calendar-day';
import { progressText, TAB_LABELS } from '../goals/copy';

/** What a goal is: status, target date, description and progress. */
export function GoalSummary({ goal }: { goal: Goal }) {
  const overdue =
    goal.status === 'active' && goal.target_date !== null && goal.target_date < todayIn();
  return (
    <div className="goal-summary">
      <p className="goal-summary__meta">
        <span className={`goal-badge goal-badge--${goal.status}`}>{TAB_LABELS[goal.status]}</span>
        {goal.target_date && (
          <span className={overdue ? 'goal-card__date--overdue' : undefined}>
            {overdue ? 'Was due' : 'Target'} {dayLabel(goal.target_date)}
          </span>
        )}
      </p>
      {goal.description && <p className="goal-summary__description">{goal.description}</p>}
      <div className="goal-summary__progress">
        <ProgressBar
          done={goal.progress.done}
          total={goal.progress.total}
          label={`Progress of ${goal.title}`}
        />
        <p className="goal-card__progress-text" data-testid="goal-progress">
          {progressText(goal.progress)}
        </p>
      </div>
    </div>
  );
}
