import { notify, type Task, useDeleteTask, useUpdateTask } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { type Dispatch, type SetStateAction, useCallback, useMemo } from 'react';
import { TASKS_COPY } from '../copy';
import { TaskRow } from './TaskRow';

interface TaskListProps {
  tasks: Task[];
  goalTitles: Map<string, string>;
  editingId: string | null;
  onEdit: Dispatch<SetStateAction<string | null>>;
  busy: boolean;
  /** The list's name for screen readers, when a page shows several. */
  label?: string;
}

/**
 * The rows. Handlers are stable, so a change to one task re-renders one row;
 * off-screen rows skip layout and paint (`content-visibility` in tasks.css),
 * which keeps a thousand rows smooth without a virtual list.
 */
export function TaskList({
  tasks,
  goalTitles,
  editingId,
  onEdit,
  busy,
  label = 'Tasks',
}: TaskListProps) {
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const { mutate: mutateUpdate } = update;
  const { mutate: mutateRemove } = remove;

  const toggleDone = useCallback(
    (task: Task) =>
      mutateUpdate(
        {
          id: task.id,
          patch: { status: task.status === 'done' ? 'todo' : 'done', version: task.version },
        },
        {
          // A repeating task comes back to do, on its next day: say which.
          onSuccess: ({ task: saved }) => {
            if (saved.repeat && saved.status !== 'done' && saved.due_date) {
              notify.success(TASKS_COPY.nextOccurrence(saved.title, dayLabel(saved.due_date)), {
                id: `next-${saved.id}`,
              });
            }
          },
        },
      ),
    [mutateUpdate],
  );
  const deleteTask = useCallback(
    (task: Task) => {
      onEdit((editing) => (editing === task.id ? null : editing));
      mutateRemove(task.id);
    },
    [mutateRemove, onEdit],
  );
  const rows = useMemo(
    () =>
      tasks.map((task) => (
        <TaskRow
          key={task.id}
          task={task}
          goalTitle={task.goal_id ? goalTitles.get(task.goal_id) : undefined}
          editing={editingId === task.id}
          onToggleDone={toggleDone}
          onEdit={onEdit}
          onDelete={deleteTask}
        />
      )),
    [tasks, goalTitles, editingId, toggleDone, onEdit, deleteTask],
  );
  return (
    <ul className="task-list" aria-label={label} aria-busy={busy || undefined}>
      {rows}
    </ul>
  );
}
