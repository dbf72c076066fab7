import { Button, TASK_COPY, TextField, taskErrorReason, useCreateTask } from '@stride/shared';
import { type FormEvent, useState } from 'react';
import { TASKS_PAGE_COPY } from '../copy';
import { checkTitle, serverFieldErrors } from '../task-form';

export const QUICK_ADD_ID = 'quick-add';

interface QuickAddProps {
  /** New tasks join the goal the list is filtered by. */
  goalId?: string;
  onAdded: (message: string) => void;
}

/**
 * Type a title, press Enter: the field clears at once for the next task.
 * A task the server refuses comes back into the field (or, if a new one is
 * being typed, stays on screen with Retry), with the reason.
 */
export function QuickAdd({ goalId, onAdded }: QuickAddProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const create = useCreateTask();

  const send = (title: string) => {
    setFailed(undefined);
    create.mutate(
      { title, ...(goalId ? { goal_id: goalId } : {}) },
      {
        onSuccess: () => onAdded(TASKS_PAGE_COPY.added(title)),
        onError: (cause) => {
          const reason =
            serverFieldErrors(cause).title ?? taskErrorReason(cause) ?? TASK_COPY.createFailed;
          setError(`${TASKS_PAGE_COPY.notAdded(title)} ${reason}`);
          setText((current) => {
            if (current === '') return title;
            setFailed(title);
            return current;
          });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTitle(text);
    if (checked.error !== undefined) return setError(checked.error);
    setError(undefined);
    setText('');
    send(checked.title);
  };

  return (
    <form className="quick-add" onSubmit={submit} noValidate>
      <TextField
        id={QUICK_ADD_ID}
        label={TASKS_PAGE_COPY.quickAddLabel}
        hideLabel
        placeholder={TASKS_PAGE_COPY.quickAddPlaceholder}
        value={text}
        error={error}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="quick-add__actions">
        {failed && (
          <Button size="small" onClick={() => send(failed)}>
            Retry “{failed}”
          </Button>
        )}
        <Button type="submit" variant="primary">
          Add task
        </Button>
      </div>
    </form>
  );
}
