import { Button, type Goal, useCreateGoal } from '@stride/shared';
import type { FormEvent } from 'react';
import { GoalFields } from './GoalFields';
import { useGoalForm } from './use-goal-form';
import { EMPTY_GOAL, toGoalInput } from './validation';

const ID = 'new-goal';

/** The "New goal" form. A failed save keeps everything typed and says why. */
export function CreateGoalForm({
  onCreated,
  onCancel,
}: {
  onCreated: (goal: Goal) => void;
  onCancel: () => void;
}) {
  const form = useGoalForm(ID, EMPTY_GOAL);
  const create = useCreateGoal();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !form.check()) return;
    create.mutate(toGoalInput(form.values), { onSuccess: onCreated, onError: form.fail });
  };

  return (
    <form className="goal-form" aria-labelledby={`${ID}-heading`} onSubmit={submit} noValidate>
      <h2 id={`${ID}-heading`} className="goal-form__heading">
        New goal
      </h2>
      <GoalFields
        idPrefix={ID}
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        autoFocus
      />
      {form.formError && (
        <p className="goal-form__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="goal-form__actions">
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create goal
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
