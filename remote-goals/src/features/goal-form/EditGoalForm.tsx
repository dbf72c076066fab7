import { ConflictPanel, type Goal, useMergeSave, useUpdateGoal } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { GoalForm } from './GoalForm';
import { useGoalForm } from './use-goal-form';
import { GOAL_FIELDS, type GoalField, type GoalValues, toGoalInput, valuesOf } from './validation';

const FIELD_LABELS: Record<GoalField, string> = {
  title: 'Title',
  description: 'Description',
  target_date: 'Target date',
};

const shown = (field: GoalField, value: string) =>
  field === 'target_date' && value ? dayLabel(value) : value;

const ID = 'edit-goal';

/**
 * Edits a goal. On a 409 it merges (useMergeSave): fields only the other side
 * changed are taken, fields only the user changed are kept and saved, and
 * fields both changed are shown side by side for the user to choose.
 */
export function EditGoalForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const update = useUpdateGoal();
  const merge = useMergeSave({
    record: goal,
    fields: GOAL_FIELDS,
    valuesOf,
    request: (values: GoalValues, against: Goal) => ({
      id: goal.id,
      patch: { ...toGoalInput(values), version: against.version },
    }),
    mutate: update.mutate,
    onSaved: onDone,
    onNothingToSave: onDone,
    onMerged: (values) => form.setValues(values),
    onFailed: (error) => form.fail(error),
  });
  const form = useGoalForm(valuesOf(goal), { savedDate: valuesOf(merge.base).target_date });
  const { conflict } = merge;

  const submit = form.onSubmit((values) => {
    if (!update.isPending) merge.save(values);
  });

  return (
    <GoalForm
      id={ID}
      heading="Edit goal"
      form={form}
      submitLabel="Save changes"
      busy={update.isPending}
      onSubmit={submit}
      onCancel={onDone}
      showActions={!conflict}
    >
      {conflict && (
        <ConflictPanel
          thing="goal"
          id="goal-conflict"
          rows={conflict.fields.map((field) => ({
            field,
            label: FIELD_LABELS[field],
            mine: shown(field, form.getValues(field)),
            theirs: shown(field, valuesOf(conflict.current)[field]),
          }))}
          busy={update.isPending}
          onKeepMine={() => merge.keepMine(form.getValues())}
          onTakeTheirs={() => merge.takeTheirs(form.getValues())}
        />
      )}
    </GoalForm>
  );
}
