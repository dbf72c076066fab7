import {
  Button,
  createTaskKey,
  EmptyState,
  ErrorNotice,
  type Goal,
  Skeleton,
  type TaskInput,
  useTasks,
} from '@stride/shared';
import { useMutationState } from '@tanstack/react-query';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useDeferredValue,
  useMemo,
  useState,
} from 'react';
import { FilterProblemNotice } from '../../filters/components/FilterProblemNotice';
import { filterProblemOf } from '../../filters/filter-query';
import { TASKS_COPY } from '../copy';
import { canReorder, inOwnOrder } from '../reorder';
import { isFiltered, type TaskView, toListFilters } from '../task-filters';
import { LoadMore } from './LoadMore';
import { TaskList } from './TaskList';

interface TaskResultsProps {
  view: TaskView;
  goals: Goal[];
  editingId: string | null;
  onEdit: Dispatch<SetStateAction<string | null>>;
  onClearFilters: () => void;
  /** What an empty list says, in place of the Tasks page's own words. */
  empty?: ReactNode;
}

/** The list for the current view, in each of its states: loading, failed, empty, filled. */
export function TaskResults({
  view,
  goals,
  editingId,
  onEdit,
  onClearFilters,
  empty,
}: TaskResultsProps) {
  const filters = useMemo(() => toListFilters(view), [view]);
  const query = useTasks(filters);
  const adding = useMutationState({
    filters: { mutationKey: createTaskKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as TaskInput | undefined)?.title ?? '',
  });
  const ownOrder = view.sort === 'position';
  const tasks = useMemo(() => {
    const items = query.data?.pages.flatMap((page) => page.items) ?? [];
    // A move's new key shows at once: the list follows the keys it holds.
    return ownOrder ? inOwnOrder(items) : items;
  }, [query.data, ownOrder]);
  const goalTitles = useMemo(() => new Map(goals.map((goal) => [goal.id, goal.title])), [goals]);

  // The first answer is drawn in a transition, which React renders in slices:
  // arriving through the query's store it was one render of the whole list,
  // a long task on a phone's CPU (docs/architecture.md §2, "Start-up in
  // slices"). An answer already in the cache is drawn at once, with no skeleton.
  const [answeredAtMount] = useState(() => !query.isPending);
  const answered = useDeferredValue(!query.isPending, answeredAtMount);

  if (query.isPending || !answered) return <Skeleton rows={5} label="Loading tasks" />;
  const problem = query.isError ? filterProblemOf(query.error) : null;
  if (problem && view.filter !== undefined) {
    return (
      <FilterProblemNotice problem={problem} filter={view.filter} offset={view.label ? 1 : 0} />
    );
  }
  if (query.isError && tasks.length === 0)
    return (
      <ErrorNotice action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
        {TASKS_COPY.loadFailed}
      </ErrorNotice>
    );

  return (
    <>
      {adding.length > 0 && (
        <ul className="task-list task-list--pending" aria-label="Being added">
          {adding.map((title, index) => (
            <li key={index} className="task-row task-row--pending">
              <span className="ui-spinner" aria-hidden="true" /> {title}
            </li>
          ))}
        </ul>
      )}
      {tasks.length === 0 && adding.length === 0 ? (
        empty ? (
          empty
        ) : isFiltered(view) ? (
          <EmptyState
            title={TASKS_COPY.noMatchTitle}
            action={<Button onClick={onClearFilters}>{TASKS_COPY.clearFilters}</Button>}
          >
            {TASKS_COPY.noMatchBody}
          </EmptyState>
        ) : (
          <EmptyState title={TASKS_COPY.emptyTitle}>{TASKS_COPY.emptyBody}</EmptyState>
        )
      ) : (
        <TaskList
          tasks={tasks}
          goalTitles={goalTitles}
          editingId={editingId}
          onEdit={onEdit}
          busy={query.isPlaceholderData}
          reorderable={ownOrder && canReorder(tasks)}
        />
      )}
      {query.isFetchNextPageError && <ErrorNotice>{TASKS_COPY.loadFailed}</ErrorNotice>}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        loaded={tasks.length}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
