import { type Goal, useCreateGoal } from '@stride/shared';
import { GoalForm } from './GoalForm';
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
  const form = useGoalForm(EMPTY_GOAL);
  const create = useCreateGoal();

  const submit = form.onSubmit((values) => {
    if (create.isPending) return;
    create.mutate(toGoalInput(values), { onSuccess: onCreated, onError: form.fail });
  });

  return (
    <GoalForm
      id={ID}
      heading="New goal"
      form={form}
      submitLabel="Create goal"
      busy={create.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
