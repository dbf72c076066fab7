import {
  Button,
  LIMITS,
  rule,
  showServerErrors,
  type TaskInput,
  TextField,
  unreachableText,
  useAuthStore,
  useCreateTask,
} from '@stride/shared';
import { isCalendarDay } from '@stride/shared/calendar-day';
import { QuickAddField, taskInputOf, useQuickAdd } from '@stride/shared/quick-add';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

function checkTitle(title: string): string | undefined {
  if (!title.trim()) return 'Name the task.';
  if (title.trim().length > LIMITS.titleMax)
    return `Keep the task to ${LIMITS.titleMax} characters.`;
  return undefined;
}

function checkDueDate(dueDate: string): string | undefined {
  return dueDate && !isCalendarDay(dueDate) ? 'Enter a real date, like 2027-05-01.' : undefined;
}

/**
 * Adds a task linked to this goal. The title line is read like the Tasks
 * page's quick add ("Long run saturday 8am p2 every week"); a date picked in
 * the date field wins over one typed in the line. A failed save keeps what
 * was typed; a success clears it for the next one.
 */
export function AddTaskForm({ goalId }: { goalId: string }) {
  const create = useCreateTask();
  const { register, handleSubmit, setError, reset, setFocus, watch, formState } = useForm({
    defaultValues: { title: '', due_date: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors } = formState;
  const timeZone = useAuthStore((state) => state.user?.timezone);
  const { parsed, meanings, keep, forget, settle, warm } = useQuickAdd(watch('title'), {
    timeZone,
  });

  const submit = handleSubmit(async ({ title, due_date }) => {
    setFormError(null);
    const line = await settle(title);
    const task: TaskInput = { ...taskInputOf(line), goal_id: goalId };
    // The picked day wins; the line's time belongs to the line's day only.
    if (due_date && due_date !== line.due_date) {
      task.due_date = due_date;
      delete task.due_time;
    }
    create.mutate(task, {
      onSuccess: () => {
        reset();
        forget();
        setFocus('title');
      },
      onError: (error) => {
        showServerErrors(setError, error, ['title', 'due_date']);
        setFormError(
          unreachableText(error) ?? 'The task could not be added. It is still here: try again.',
        );
      },
    });
  });

  return (
    <form
      className="goal-task-form"
      aria-label="Add a task to this goal"
      onSubmit={submit}
      noValidate
    >
      <QuickAddField
        id="goal-task-title"
        label="New task"
        error={errors.title?.message}
        value={watch('title')}
        parsed={parsed}
        meanings={meanings}
        onKeep={keep}
        onWarm={warm}
        input={{
          placeholder: 'e.g. Run 5 km saturday 8am',
          autoComplete: 'off',
          ...register('title', { validate: rule(checkTitle) }),
        }}
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
