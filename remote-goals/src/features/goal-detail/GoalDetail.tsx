import { Button, ErrorNotice, isApiError, Link, Skeleton, useGoal } from '@stride/shared';
import { useEffect, useRef, useState } from 'react';
import { GoalActions } from '../goal-actions/GoalActions';
import { EditGoalForm } from '../goal-form/EditGoalForm';
import { GOALS_COPY } from '../goals/copy';
import { GoalSummary } from './GoalSummary';
import { GoalTasks } from './GoalTasks';

interface GoalDetailProps {
  id: string;
  /** The list's address (keeps its tab). */
  backTo: string;
  onDeleted: () => void;
}

/** One goal: what it is, its progress, its actions and its tasks. */
export function GoalDetail({ id, backTo, onDeleted }: GoalDetailProps) {
  const goal = useGoal(id);
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = goal.data !== undefined;

  // The view changed without a route change: move focus to it, as a new page would.
  useEffect(() => {
    if (loaded && !editing) heading.current?.focus();
  }, [loaded, editing]);

  const back = (
    <Link to={backTo} className="goal-detail__back">
      ← {GOALS_COPY.backToGoals}
    </Link>
  );

  if (goal.isPending) return <Skeleton rows={4} label="Loading goal" />;
  if (goal.isError) {
    const gone = isApiError(goal.error) && goal.error.status === 404;
    return (
      <section className="goal-detail" aria-label="Goal">
        {back}
        <ErrorNotice
          action={
            !gone && (
              <Button size="small" onClick={() => void goal.refetch()}>
                {GOALS_COPY.tryAgain}
              </Button>
            )
          }
        >
          {gone ? GOALS_COPY.notFound : 'This goal could not be loaded.'}
        </ErrorNotice>
      </section>
    );
  }

  const data = goal.data;
  return (
    <article className="goal-detail" aria-labelledby="goal-detail-title">
      {back}
      {editing ? (
        <EditGoalForm goal={data} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h1 id="goal-detail-title" ref={heading} tabIndex={-1}>
            {data.title}
          </h1>
          <GoalSummary goal={data} />
          <div className="goal-detail__actions">
            <Button size="small" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> {data.title}</span>
            </Button>
            <GoalActions goal={data} onDeleted={onDeleted} />
          </div>
        </>
      )}
      <GoalTasks goal={data} />
    </article>
  );
}
