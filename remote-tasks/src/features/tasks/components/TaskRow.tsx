import { Button, type Task, useDoneTick } from '@stride/shared';
import { ruleInWords } from '@stride/shared/recurrence';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useRef,
  useState,
} from 'react';
import { LabelChip } from '../../labels/components/LabelChip';
import { TASKS_COPY } from '../copy';
import { PRIORITY_LABELS, STATUS_LABELS, stepsDone } from '../task-format';
import { DueChip, RemindersChip } from './ClockChips';
import { RowSteps } from './RowSteps';
import { TaskEditor } from './TaskEditor';

interface TaskRowProps {
  task: Task;
  goalTitle: string | undefined;
  editing: boolean;
  onToggleDone: (task: Task) => void;
  onEdit: (id: string | null) => void;
  onDelete: (task: Task) => void;
  /** Given in the user's own order: the row draws a handle and moves with Alt + ↑/↓. */
  reorder?: RowReorder;
}

/** How a row asks to move: by a drag from its handle, or one step up or down. */
export interface RowReorder {
  drag: (task: Task, event: ReactPointerEvent<HTMLElement>) => void;
  step: (task: Task, step: -1 | 1) => void;
  /** The id of the hint the handle points to. */
  hintId: string;
}

/**
 * Alt + ↑/↓ from the row's own controls; not from its editor or steps
 * (which move the steps themselves and say so with preventDefault).
 */
function moveKey(event: KeyboardEvent): -1 | 1 | null {
  if (!event.altKey || event.defaultPrevented) return null;
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return null;
  if (!(event.target as Element).closest('.task-row__main')) return null;
  return event.key === 'ArrowUp' ? -1 : 1;
}

/**
 * One task. Memoised: in a list of 1,000, a change to one task re-renders
 * one row (the cache keeps every other task object as it was).
 */
export const TaskRow = memo(function TaskRow({
  task,
  goalTitle,
  editing,
  onToggleDone,
  onEdit,
  onDelete,
  reorder,
}: TaskRowProps) {
  const doneBox = useDoneTick(task);
  const steps = stepsDone(task);
  const editorId = `task-editor-${task.id}`;
  const stepsId = `task-steps-${task.id}`;
  const [stepsOpen, setStepsOpen] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  // Closing the editor puts focus back where it started, not on the page.
  const closeEditor = () => {
    onEdit(null);
    titleButton.current?.focus();
  };
  return (
    <li
      className="task-row"
      data-testid="task-row"
      data-task-id={task.id}
      data-status={task.status}
      data-version={task.version}
      onKeyDown={
        reorder &&
        ((event) => {
          const step = moveKey(event);
          if (step === null) return;
          event.preventDefault();
          reorder.step(task, step);
        })
      }
    >
      <div className="task-row__main">
        {reorder && (
          <button
            type="button"
            className="task-row__handle"
            aria-label={TASKS_COPY.moveHandle(task.title)}
            aria-describedby={reorder.hintId}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            onPointerDown={(event) => reorder.drag(task, event)}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
              <g fill="currentColor">
                <circle cx="5.5" cy="3.5" r="1.4" />
                <circle cx="10.5" cy="3.5" r="1.4" />
                <circle cx="5.5" cy="8" r="1.4" />
                <circle cx="10.5" cy="8" r="1.4" />
                <circle cx="5.5" cy="12.5" r="1.4" />
                <circle cx="10.5" cy="12.5" r="1.4" />
              </g>
            </svg>
          </button>
        )}
        <input
          type="checkbox"
          className="task-row__check"
          checked={doneBox.checked}
          aria-label={`Done: ${task.title}`}
          onChange={() => {
            doneBox.tick();
            onToggleDone(task);
          }}
        />
        <div className="task-row__body">
          <button
            ref={titleButton}
            type="button"
            className="task-row__title"
            aria-expanded={editing}
            aria-controls={editing ? editorId : undefined}
            title="Edit task"
            onClick={() => onEdit(editing ? null : task.id)}
          >
            {task.title}
          </button>
          <p className="task-row__meta">
            {task.status === 'in_progress' && (
              <span className="chip chip--progress">{STATUS_LABELS.in_progress}</span>
            )}
            <DueChip task={task} />
            {task.priority !== 'none' && (
              <span className={`chip chip--${task.priority}`}>
                {PRIORITY_LABELS[task.priority]}
              </span>
            )}
            {task.repeat && (
              <span className="chip chip--repeat">
                <span aria-hidden="true">↻ </span>
                <span className="visually-hidden">Repeats </span>
                {ruleInWords(task.repeat, task.repeat_from)}
              </span>
            )}
            {steps && (
              // Opens the steps under the row, to tick them without the editor.
              <button
                type="button"
                className="chip chip--button"
                title={steps.words}
                aria-expanded={stepsOpen && !editing}
                aria-controls={stepsOpen && !editing ? stepsId : undefined}
                onClick={() => setStepsOpen((open) => !open)}
              >
                <span aria-hidden="true">☑ {steps.short}</span>
                <span className="visually-hidden">Steps: {steps.words}</span>
              </button>
            )}
            {goalTitle && <span className="chip">◎ {goalTitle}</span>}
            {task.labels?.map((name) => (
              <LabelChip key={name} name={name} />
            ))}
            {task.notes && <span className="chip chip--muted">Notes</span>}
            {/* A task from a release before reminders has none. */}
            {task.reminders?.length > 0 && task.status !== 'done' && (
              <RemindersChip reminders={task.reminders} />
            )}
          </p>
        </div>
        <Button
          variant="ghost"
          size="small"
          className="task-row__delete"
          aria-label={`Delete “${task.title}”`}
          onClick={() => onDelete(task)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <path
              d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Button>
      </div>
      {stepsOpen && !editing && steps && <RowSteps id={stepsId} task={task} />}
      {editing && <TaskEditor id={editorId} task={task} onClose={closeEditor} />}
    </li>
  );
});
