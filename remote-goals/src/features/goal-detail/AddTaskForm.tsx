import {
  Button,
  LIMITS,
  rule,
  showServerErrors,
  TextField,
  unreachableText,
  useCreateTask,
} from '@stride/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isIsoDate } from '../goals/dates';

function checkTitle(title: string): string | undefined {
  if (!title.trim()) return 'Name the task.';
  if (title.trim().length > LIMITS.titleMax)
    return `Keep the task to ${LIMITS.titleMax} characters.`;
  return undefined;
}

function checkDueDate(dueDate: string): string | undefined {
  return dueDate && !isIsoDate(dueDate) ? 'Enter a real date, like 2027-05-01.' : undefined;
}

/** Adds a task linked to this goal. A failed save keeps what was typed; a success clears it for the next one. */
export function AddTaskForm({ goalId }: { goalId: string }) {
  const create = useCreateTask();
  const { register, handleSubmit, setError, reset, setFocus, formState } = useForm({
    defaultValues: { title: '', due_date: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors } = formState;

  const submit = handleSubmit(({ title, due_date }) => {
    setFormError(null);
    create.mutate(
      { title: title.trim(), due_date: due_date || null, goal_id: goalId },
      {
        onSuccess: () => {
          reset();
          setFocus('title');
        },
        onError: (error) => {
          showServerErrors(setError, error, ['title', 'due_date']);
          setFormError(
            unreachableText(error) ?? 'The task could not be added. It is still here: try again.',
          );
        },
      },
    );
  });

  return (
    <form
      className="goal-task-form"
      aria-label="Add a task to this goal"
      onSubmit={submit}
      noValidate
    >
      <TextField
        id="goal-task-title"
        label="New task"
        placeholder="e.g. Run 5 km on Saturday"
        error={errors.title?.message}
        {...register('title', { validate: rule(checkTitle) })}
      />
      <TextField
        id="goal-task-due"
        label="Due date (optional)"
        type="date"
        error={errors.due_date?.message}
        {...register('due_date', { validate: rule(checkDueDate) })}
      />
      <Button
        type="submit"
        variant="primary"
        className="goal-task-form__submit"
        busy={create.isPending}
      >
        Add task
      </Button>
      {formError && (
        <p className="goal-form__error goal-task-form__error" role="alert">
          {formError}
        </p>
      )}
    </form>
  );
}
