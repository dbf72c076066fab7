import type { Task } from '@stride/shared';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useAnnounce } from '../announce';
import { TASKS_COPY } from '../copy';
import { moveItem } from '../reorder';
import { newStep } from '../steps';
import { checkTitle } from '../task-form';
import { stepsDone } from '../task-format';
import { useDragReorder } from '../use-drag-reorder';
import { useSteps } from '../use-steps';

/**
 * A task's checklist, inside its editor: each change saves at once (ticks,
 * new steps, removals and moves are small, and the write queue orders them),
 * so the editor's Cancel leaves them be, and the hint says so.
 * Alt + ↑/↓ on a step moves it; so does dragging it.
 */
export function TaskSteps({ task }: { task: Task }) {
  const headingId = useId();
  const announce = useAnnounce();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const list = useRef<HTMLOListElement>(null);
  const { steps, save, toggle } = useSteps(task);
  const count = stepsDone({ subtasks: steps });

  const add = () => {
    const checked = checkTitle(draft);
    if ('error' in checked && checked.error) return setError(checked.error);
    setError(undefined);
    save([...steps, newStep(draft)]);
    setDraft('');
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= steps.length || from === to) return;
    save(moveItem(steps, from, to));
    announce(TASKS_COPY.moved(steps[from]?.title ?? '', to + 1, steps.length));
    // Focus follows the step to its new place.
    requestAnimationFrame(() =>
      list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[to]?.focus(),
    );
  };
  const onStepKey = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const drag = useDragReorder({ list, rowSelector: '.task-steps__step', onMove: move });

  return (
    <section className="task-steps" aria-labelledby={headingId}>
      <h3 id={headingId} className="task-steps__heading">
        Steps{count && <span className="task-steps__count"> · {count.short}</span>}
      </h3>
      {steps.length > 0 && (
        <ol ref={list} className="task-steps__list">
          {steps.map((step, index) => (
            <li key={step.id} className="task-steps__step" data-testid="task-step">
              {/* Dragged by a pointer or a finger; the keyboard moves steps with Alt + ↑/↓ instead. */}
              <span
                className="task-steps__grip"
                aria-hidden="true"
                onPointerDown={(event) => drag(index, event)}
              >
                ⠿
              </span>
              <label className="task-steps__label">
                <input
                  type="checkbox"
                  checked={step.done}
                  onChange={() => toggle(step.id)}
                  onKeyDown={onStepKey(index)}
                  aria-describedby={`${headingId}-hint`}
                />
                <span className={step.done ? 'task-steps__title--done' : undefined}>
                  {step.title}
                </span>
              </label>
              <button
                type="button"
                className="task-steps__remove"
                aria-label={`Remove step “${step.title}”`}
                onClick={() => save(steps.filter((s) => s.id !== step.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <p id={`${headingId}-hint`} className="task-steps__hint">
        {TASKS_COPY.stepsSaveAtOnce}{' '}
        {/* A keyboard's hint: hidden where there is only a touch screen (tasks.css). */}
        <span className="task-steps__keys">{TASKS_COPY.stepsHint}</span>
      </p>
      <div className="task-steps__add">
        <label htmlFor={`${headingId}-new`} className="visually-hidden">
          Add a step
        </label>
        <input
          id={`${headingId}-new`}
          className="ui-input"
          placeholder="Add a step and press Enter"
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${headingId}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds a step; it must not submit the editor around it.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        {error && (
          <p id={`${headingId}-error`} className="ui-field__error">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
