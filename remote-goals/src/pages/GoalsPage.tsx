import { type GoalStatus, getHref, paths, useSearchParams } from '@stride/shared';
import { GoalDetail } from '../features/goal-detail/GoalDetail';
import { GoalList } from '../features/goal-list/GoalList';
import { tabFromSearch } from '../features/goal-list/goal-tabs';
import '../features/goals/goals.css';

/**
 * Exposed as `remote_goals/GoalsPage`, routed by the host at /goals. The
 * list's tab (`?status=`) and the open goal (`?goal=`) live in the address,
 * so reload, Back and shared links all work without routes of our own.
 */
export default function GoalsPage() {
  const [search, setSearch] = useSearchParams();
  const status = tabFromSearch(search.get('status'));
  const goalId = search.get('goal');
  const listHref = getHref(paths.goals, { status: status === 'active' ? undefined : status });

  if (goalId)
    return (
      <div className="goals-root">
        <GoalDetail
          key={goalId}
          id={goalId}
          backTo={listHref}
          onDeleted={() => setSearch(status === 'active' ? {} : { status })}
        />
      </div>
    );

  return (
    <div className="goals-root">
      <GoalList
        status={status}
        onStatusChange={(next: GoalStatus) =>
          setSearch(next === 'active' ? {} : { status: next }, { replace: true })
        }
      />
    </div>
  );
}
