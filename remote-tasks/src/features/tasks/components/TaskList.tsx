import { type Task, useDeleteTask, useUpdateTask } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { type Dispatch, type SetStateAction, useCallback, useId, useMemo, useRef } from 'react';
import { TASKS_COPY } from '../copy';
import { useDragReorder } from '../use-drag-reorder';
import { useMoveTask } from '../use-move-task';
import { useRememberChange } from '../use-undo';
import { type RowReorder, TaskRow } from './TaskRow';

interface TaskListProps {
  tasks: Task[];
  goalTitles: Map<string, string>;
  editingId: string | null;
  onEdit: Dispatch<SetStateAction<string | null>>;
  busy: boolean;
  /** The list's name for screen readers, when a page shows several. */
  label?: string;
  /** The tasks are in the user's own order, and can be moved in it. */
  reorderable?: boolean;
}

/** What the toast says once a task's box is ticked or unticked. */
function doneMessage(before: Task, saved: Task): string {
  if (saved.repeat && saved.status !== 'done' && saved.due_date && before.status !== 'done') {
    return TASKS_COPY.nextOccurrence(saved.title, dayLabel(saved.due_date));
  }
  return saved.status === 'done'
    ? TASKS_COPY.completed(saved.title)
    : TASKS_COPY.reopened(saved.title);
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
  reorderable = false,
}: TaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const { move, indexOf } = useMoveTask(tasks);
  const drag = useDragReorder({ list: listRef, rowSelector: '.task-row', onMove: move });
  // Stable while the list is reorderable: a move re-renders only the rows that change.
  const reorder = useMemo<RowReorder | undefined>(() => {
    if (!reorderable) return undefined;
    return {
      hintId,
      drag: (task, event) => drag(indexOf(task), event),
      step: (task, step) => {
        const index = indexOf(task);
        if (index >= 0) move(index, index + step);
      },
    };
  }, [reorderable, hintId, drag, move, indexOf]);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const remember = useRememberChange();
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
          // Offered for undo; a repeating task comes back to do, on its next day: say which.
          onSuccess: ({ task: saved }) =>
            remember(
              { kind: 'change', id: task.id, title: task.title, before: task, after: saved },
              doneMessage(task, saved),
            ),
        },
      ),
    [mutateUpdate, remember],
  );
  const deleteTask = useCallback(
    (task: Task) => {
      onEdit((editing) => (editing === task.id ? null : editing));
      // The delete's own toast offers Undo; Ctrl/⌘-Z can restore it too. Kept
      // at once: the list may unmount when its last row goes, and with it the
      // mutation's own callbacks (a restore of a task still there changes nothing).
      remember({ kind: 'delete', id: task.id, title: task.title });
      mutateRemove(task.id);
    },
    [mutateRemove, onEdit, remember],
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
          reorder={reorder}
        />
      )),
    [tasks, goalTitles, editingId, toggleDone, onEdit, deleteTask, reorder],
  );
  return (
    <>
      {reorder && (
        <p id={hintId} className="visually-hidden">
          {TASKS_COPY.orderHint}
        </p>
      )}
      <ul ref={listRef} className="task-list" aria-label={label} aria-busy={busy || undefined}>
        {rows}
      </ul>
    </>
  );
}
