import {
  Button,
  fieldErrorsFrom,
  LIMITS,
  TextField,
  unreachableText,
  useCreateTask,
} from '@stride/shared';
import { type FormEvent, useState } from 'react';
import { isIsoDate } from '../goals/dates';

type Field = 'title' | 'due_date';
type Errors = Partial<Record<Field, string>>;

function validate(title: string, dueDate: string): Errors {
  const errors: Errors = {};
  if (!title.trim()) errors.title = 'Name the task.';
  else if (title.trim().length > LIMITS.titleMax)
    errors.title = `Keep the task to ${LIMITS.titleMax} characters.`;
  if (dueDate && !isIsoDate(dueDate)) errors.due_date = 'Enter a real date, like 2027-05-01.';
  return errors;
}

/** Adds a task linked to this goal. A failed save keeps what was typed; a success clears it for the next one. */
export function AddTaskForm({ goalId }: { goalId: string }) {
  const create = useCreateTask();
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(title, dueDate);
    setErrors(found);
    setFormError(null);
    if (found.title || found.due_date) {
      document.getElementById(found.title ? 'goal-task-title' : 'goal-task-due')?.focus();
      return;
    }
    create.mutate(
      { title: title.trim(), due_date: dueDate || null, goal_id: goalId },
      {
        onSuccess: () => {
          setTitle('');
          setDueDate('');
          document.getElementById('goal-task-title')?.focus();
        },
        onError: (error) => {
          setErrors(fieldErrorsFrom(error, ['title', 'due_date'] as const));
          setFormError(
            unreachableText(error) ?? 'The task could not be added. It is still here: try again.',
          );
        },
      },
    );
  };

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
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setErrors((current) => ({ ...current, title: undefined }));
        }}
        error={errors.title}
      />
      <TextField
        id="goal-task-due"
        label="Due date (optional)"
        type="date"
        value={dueDate}
        onChange={(event) => {
          setDueDate(event.target.value);
          setErrors((current) => ({ ...current, due_date: undefined }));
        }}
        error={errors.due_date}
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
