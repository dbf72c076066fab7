import {
  Button,
  EmptyState,
  ErrorNotice,
  type Goal,
  Skeleton,
  slotPart,
  type Task,
  useTasks,
} from '@stride/shared';
import { AddTaskForm } from './AddTaskForm';
import { GoalTaskRow } from './GoalTaskRow';

/** Open steps first, each group in the order they were added: a goal's tasks read as a plan. */
const planOrder = (a: Task, b: Task) =>
  Number(a.status === 'done') - Number(b.status === 'done') ||
  a.created_at.localeCompare(b.created_at);

/**
 * The goal's tasks. In the composed app they are the Tasks page's own list
 * (quick add, rows, editor), which the host provides as the `goalTasks`
 * slot. Without it (a host older than slots, this remote run on its own, or
 * a remote_tasks release that does not expose the part) the goal draws its
 * own short list. A remote runs on the host's copy of
 * shared, so `slotPart` itself may be missing there.
 */
export function GoalTasks({ goal }: { goal: Goal }) {
  const TasksPart = typeof slotPart === 'function' ? slotPart('goalTasks') : undefined;
  return (
    <section className="goal-tasks" aria-labelledby="goal-tasks-title">
      <h2 id="goal-tasks-title" className="goal-tasks__title">
        Tasks
      </h2>
      {TasksPart ? (
        <TasksPart goalId={goal.id} fallback={<OwnTaskList goal={goal} />} />
      ) : (
        <OwnTaskList goal={goal} />
      )}
    </section>
  );
}

/** The goal's linked tasks, open ones first, and the form that adds the next one. */
function OwnTaskList({ goal }: { goal: Goal }) {
  const tasks = useTasks({ goal_id: goal.id });
  const items = tasks.data?.pages.flatMap((page) => page.items).sort(planOrder) ?? [];

  return (
    <>
      <AddTaskForm goalId={goal.id} />
      {tasks.isPending ? (
        <Skeleton rows={2} label="Loading tasks" />
      ) : tasks.isError ? (
        <ErrorNotice
          action={
            <Button size="small" onClick={() => void tasks.refetch()}>
              Try again
            </Button>
          }
        >
          The tasks of this goal could not be loaded.
        </ErrorNotice>
      ) : items.length === 0 ? (
        <EmptyState title="No tasks yet">
          <p>
            Break this goal into steps: add the first task above. Its progress fills up as you tick
            them off.
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="goal-task-list">
            {items.map((task) => (
              <GoalTaskRow key={task.id} task={task} />
            ))}
          </ul>
          {tasks.hasNextPage && (
            <Button busy={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
              Show more tasks
            </Button>
          )}
        </>
      )}
    </>
  );
}
