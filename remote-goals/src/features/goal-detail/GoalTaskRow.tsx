import { type Task, useDoneTick, useUpdateTask } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';

/** A task of the goal: a real checkbox marks it done (or not), and the goal's progress follows. */
export function GoalTaskRow({ task }: { task: Task }) {
  const update = useUpdateTask();
  const doneBox = useDoneTick(task);
  const done = task.status === 'done';
  const id = `goal-task-${task.id}`;
  return (
    <li className={done ? 'goal-task goal-task--done' : 'goal-task'}>
      <input
        id={id}
        type="checkbox"
        className="goal-task__check"
        checked={doneBox.checked}
        onChange={() => {
          doneBox.tick();
          update.mutate({
            id: task.id,
            patch: { status: done ? 'todo' : 'done', version: task.version },
          });
        }}
      />
      <label htmlFor={id} className="goal-task__title">
        {task.title}
      </label>
      {task.due_date && <span className="goal-task__due">Due {dayLabel(task.due_date)}</span>}
    </li>
  );
}
