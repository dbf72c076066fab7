import { notify, type Task, useDeleteTask, useUpdateTask, versionConflict } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { type Dispatch, type SetStateAction, useCallback, useId, useMemo, useRef } from 'react';
import { useAnnounce } from '../announce';
import { TASKS_COPY } from '../copy';
import { positionFor } from '../reorder';
import { useDragReorder } from '../use-drag-reorder';
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

/**
 * Moves a task within the list as shown: one new key, sent as a version-
 * checked update (so it queues offline like any other). A move is the user's
 * intent whatever else changed, so a 409 is sent again once on the version
 * the server has now.
 */
function useMoveTask(tasks: Task[]) {
  const latest = useRef(tasks);
  latest.current = tasks;
  const announce = useAnnounce();
  const { mutate } = useUpdateTask({ notifyErrors: false });
  return useCallback(
    (from: number, to: number) => {
      const list = latest.current;
      const task = list[from];
      const position = positionFor(list, from, to);
      if (!task || position === null) return;
      const send = (version: number, again: boolean) =>
        mutate(
          { id: task.id, patch: { version, position } },
          {
            onError: (error) => {
              const current = versionConflict<Task>(error);
              if (current && again) send(current.version, false);
              else notify.error(TASKS_COPY.notMoved(task.title), { id: `task-move-${task.id}` });
            },
          },
        );
      send(task.version, true);
      const place = Math.max(0, Math.min(list.length - 1, to));
      announce(TASKS_COPY.moved(task.title, place + 1, list.length));
      // The row moves in the DOM, which can take the focus off it: put it back.
      const focused = document.activeElement;
      requestAnimationFrame(() => {
        if (focused instanceof HTMLElement && focused !== document.activeElement) focused.focus();
      });
    },
    [mutate, announce],
  );
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
  const move = useMoveTask(tasks);
  const drag = useDragReorder({ list: listRef, rowSelector: '.task-row', onMove: move });
  const indexOf = useRef(tasks);
  indexOf.current = tasks;
  // Stable while the list is reorderable: a move re-renders only the rows that change.
  const reorder = useMemo<RowReorder | undefined>(() => {
    if (!reorderable) return undefined;
    const at = (task: Task) => indexOf.current.findIndex((item) => item.id === task.id);
    return {
      hintId,
      drag: (task, event) => drag(at(task), event),
      step: (task, step) => {
        const index = at(task);
        if (index >= 0) move(index, index + step);
      },
    };
  }, [reorderable, hintId, drag, move]);
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
