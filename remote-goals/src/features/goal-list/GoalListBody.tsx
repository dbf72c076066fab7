import {
  Button,
  EmptyState,
  ErrorNotice,
  type GoalStatus,
  Skeleton,
  useGoals,
} from '@stride/shared';
import { GOALS_COPY } from '../goals/copy';
import { GoalCard } from './GoalCard';

interface GoalListBodyProps {
  status: GoalStatus;
  onCreate: () => void;
}

/** One tab's goals: skeleton while loading, the error with a retry, the empty state, or the list. */
export function GoalListBody({ status, onCreate }: GoalListBodyProps) {
  const goals = useGoals({ status });

  if (goals.isPending) return <Skeleton rows={3} label={GOALS_COPY.loading} />;
  if (goals.isError)
    return (
      <ErrorNotice
        action={
          <Button size="small" onClick={() => void goals.refetch()}>
            {GOALS_COPY.tryAgain}
          </Button>
        }
      >
        {GOALS_COPY.loadFailed}
      </ErrorNotice>
    );
  if (goals.data.length === 0) {
    const empty = GOALS_COPY.empty[status];
    return (
      <EmptyState
        title={empty.title}
        action={
          status === 'active' && (
            <Button variant="primary" onClick={onCreate}>
              Create your first goal
            </Button>
          )
        }
      >
        <p>{empty.body}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="goal-list" aria-busy={goals.isFetching || undefined}>
        {goals.data.map((goal) => (
          <GoalCard key={goal.id} goal={goal} />
        ))}
      </ul>
      {goals.hasNextPage && (
        <Button
          className="goal-list__more"
          busy={goals.isFetchingNextPage}
          onClick={() => void goals.fetchNextPage()}
        >
          {GOALS_COPY.loadMore}
        </Button>
      )}
    </>
  );
}
