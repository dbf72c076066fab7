import {
  Button,
  fieldErrorsFrom,
  type Goal,
  notify,
  rule,
  TASK_COPY,
  type TaskInput,
  type TaskViewName,
  taskErrorReason,
  useAuthStore,
  useCreateGoal,
  useCreateTask,
} from '@stride/shared';
import { todayIn } from '@stride/shared/calendar-day';
import {
  QuickAddField,
  type QuickAdd as QuickAddLine,
  taskInputOf,
  useQuickAdd,
} from '@stride/shared/quick-add';
import { Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useGoalOptions } from '../../goals/use-goal-options';
import { TASKS_COPY } from '../copy';
import { dueForView, landingNote } from '../quick-add-landing';
import { checkTitle } from '../task-form';

export const QUICK_ADD_ID = 'quick-add';

interface QuickAddProps {
  /** New tasks join the goal the list is filtered by. */
  goalId?: string;
  /** Today or Upcoming: an undated task takes the view's first day (quick-add-landing.ts). */
  list?: TaskViewName;
  onAdded: (message: string) => void;
}

/**
 * The task a parsed line describes; a `#goal` in the line wins over the
 * list's goal, and a typed date over the view's day.
 */
function taskFrom(line: QuickAddLine, goalId: string | undefined, dueDay?: string): TaskInput {
  const input = taskInputOf(line);
  if (!input.due_date && dueDay) input.due_date = dueDay;
  if (!input.goal_id && goalId) input.goal_id = goalId;
  return input;
}

/**
 * Quick add in a Suspense boundary of its own, which nothing in it suspends:
 * a page sent as HTML hydrates the boundary in a commit after the page's
 * (React's selective hydration). The form's first update is synchronous
 * (react-hook-form's `useForm` sets `isReady` in a layout effect); in the
 * page's commit it made React run every effect of the page in that same
 * task (docs/architecture.md §2, "Start-up in slices").
 */
export function QuickAdd(props: QuickAddProps) {
  return (
    <Suspense>
      <QuickAddForm {...props} />
    </Suspense>
  );
}

/**
 * Type a line, press Enter: "Pay rent tomorrow 9am p1 #Home" adds "Pay
 * rent", due tomorrow at 09:00, high priority, in the goal Home (what was
 * understood shows while typing). The field clears at once for the next
 * task. A task the server refuses comes back into the field (or, if a new
 * one is being typed, stays on screen with Retry), with the reason.
 */
function QuickAddForm({ goalId, list, onAdded }: QuickAddProps) {
  const { register, handleSubmit, setError, setValue, getValues, watch, formState } = useForm({
    defaultValues: { title: '' },
  });
  const { goals } = useGoalOptions();
  // A goal made from the field counts at once, before the goal list has refetched.
  const [made, setMade] = useState<Goal[]>([]);
  const activeGoals = useMemo(() => {
    const known = new Set(goals.map((goal) => goal.id));
    return [...goals, ...made.filter((goal) => !known.has(goal.id))].filter(
      (goal) => goal.status === 'active',
    );
  }, [goals, made]);
  const createGoal = useCreateGoal();
  const makeGoal = async (title: string) => {
    try {
      const goal = await createGoal.mutateAsync({ title });
      setMade((all) => [...all, goal]);
      notify.success(TASKS_COPY.goalCreated(goal.title));
      return goal;
    } catch (cause) {
      const reason = fieldErrorsFrom(cause, ['title']).title ?? taskErrorReason(cause) ?? '';
      notify.error(`${TASKS_COPY.goalNotCreated(title)} ${reason}`.trim());
      return undefined;
    }
  };
  const timeZone = useAuthStore((state) => state.user?.timezone);
  const line = watch('title');
  const { parsed, meanings, keep, forget, settle, warm } = useQuickAdd(line, {
    goals: activeGoals,
    timeZone,
  });
  const [failed, setFailed] = useState<{ line: string; task: TaskInput }>();
  const create = useCreateTask();

  const send = (typed: string, task: TaskInput) => {
    setFailed(undefined);
    create.mutate(task, {
      onSuccess: () => {
        onAdded(TASKS_COPY.added(task.title));
        const elsewhere = landingNote(list, task, todayIn(timeZone));
        if (elsewhere) notify.info(elsewhere);
      },
      onError: (cause) => {
        if (getValues('title') === '') setValue('title', typed);
        else setFailed({ line: typed, task });
        const reason =
          fieldErrorsFrom(cause, ['title']).title ??
          taskErrorReason(cause) ??
          TASK_COPY.createFailed;
        setError('title', {
          type: 'server',
          message: `${TASKS_COPY.notAdded(task.title)} ${reason}`,
        });
      },
    });
  };

  const submit = handleSubmit(async ({ title }) => {
    const task = taskFrom(await settle(title), goalId, dueForView(list, todayIn(timeZone)));
    // Whatever was typed while the parser loaded stays.
    if (getValues('title') === title) setValue('title', '');
    forget();
    send(title.trim(), task);
  });

  return (
    <form className="quick-add" onSubmit={submit} noValidate>
      <QuickAddField
        id={QUICK_ADD_ID}
        label={TASKS_COPY.quickAddLabel}
        hideLabel
        error={formState.errors.title?.message}
        value={line}
        parsed={parsed}
        meanings={meanings}
        onKeep={keep}
        onWarm={warm}
        goals={activeGoals}
        onTextChange={(text) => setValue('title', text)}
        onCreateGoal={makeGoal}
        input={{
          placeholder: TASKS_COPY.quickAddPlaceholder,
          autoComplete: 'off',
          enterKeyHint: 'done',
          ...register('title', { validate: rule((value: string) => checkTitle(value).error) }),
        }}
      />
      <div className="quick-add__actions">
        {failed && (
          <Button size="small" onClick={() => send(failed.line, failed.task)}>
            Retry “{failed.task.title}”
          </Button>
        )}
        <Button type="submit" variant="primary">
          Add task
        </Button>
      </div>
    </form>
  );
}
