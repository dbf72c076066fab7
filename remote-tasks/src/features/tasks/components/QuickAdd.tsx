import {
  Button,
  fieldErrorsFrom,
  rule,
  TASK_COPY,
  TextField,
  taskErrorReason,
  useCreateTask,
} from '@stride/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TASKS_PAGE_COPY } from '../copy';
import { checkTitle } from '../task-form';

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
  const { register, handleSubmit, setError, setValue, getValues, formState } = useForm({
    defaultValues: { title: '' },
  });
  const [failed, setFailed] = useState<string>();
  const create = useCreateTask();

  const send = (title: string) => {
    setFailed(undefined);
    create.mutate(
      { title, ...(goalId ? { goal_id: goalId } : {}) },
      {
        onSuccess: () => onAdded(TASKS_PAGE_COPY.added(title)),
        onError: (cause) => {
          if (getValues('title') === '') setValue('title', title);
          else setFailed(title);
          const reason =
            fieldErrorsFrom(cause, ['title']).title ??
            taskErrorReason(cause) ??
            TASK_COPY.createFailed;
          setError('title', {
            type: 'server',
            message: `${TASKS_PAGE_COPY.notAdded(title)} ${reason}`,
          });
        },
      },
    );
  };

  const submit = handleSubmit(({ title }) => {
    setValue('title', '');
    send(title.trim());
  });

  return (
    <form className="quick-add" onSubmit={submit} noValidate>
      <TextField
        id={QUICK_ADD_ID}
        label={TASKS_PAGE_COPY.quickAddLabel}
        hideLabel
        placeholder={TASKS_PAGE_COPY.quickAddPlaceholder}
        error={formState.errors.title?.message}
        autoComplete="off"
        enterKeyHint="done"
        {...register('title', { validate: rule((value: string) => checkTitle(value).error) })}
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
