import {
  ConflictPanel,
  type Goal,
  mergeEdit,
  useUpdateGoal,
  versionConflict,
} from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { useState } from 'react';
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

interface Conflict {
  fields: GoalField[];
  theirs: GoalValues;
  version: number;
}

/**
 * Edits a goal. On a 409 it merges: fields only the other side changed are
 * taken, fields only the user changed are kept and saved, and fields both
 * changed are shown side by side for the user to choose.
 */
export function EditGoalForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const update = useUpdateGoal();
  const [base, setBase] = useState(() => ({ values: valuesOf(goal), version: goal.version }));
  const form = useGoalForm(valuesOf(goal), { savedDate: base.values.target_date });
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const save = (values: GoalValues, version: number, retried = false) => {
    update.mutate(
      { id: goal.id, patch: { ...toGoalInput(values), version } },
      {
        onSuccess: onDone,
        onError: (error) => {
          const current = versionConflict<Goal>(error);
          if (!current) return form.fail(error);
          const theirs = valuesOf(current);
          const { merged, conflicts } = mergeEdit(GOAL_FIELDS, base.values, values, theirs);
          form.setValues(merged);
          setBase({ values: theirs, version: current.version });
          if (conflicts.length > 0 || retried)
            setConflict({ fields: conflicts, theirs, version: current.version });
          else save(merged, current.version, true);
        },
      },
    );
  };

  const submit = form.onSubmit((values) => {
    if (!update.isPending) save(values, base.version);
  });

  const keepMine = () => {
    if (!conflict) return;
    setConflict(null);
    save(form.getValues(), conflict.version);
  };

  const takeTheirs = () => {
    if (!conflict) return;
    const next = { ...form.getValues() };
    for (const field of conflict.fields) next[field] = conflict.theirs[field];
    setConflict(null);
    const unchanged = (Object.keys(next) as GoalField[]).every(
      (field) => next[field].trim() === conflict.theirs[field].trim(),
    );
    if (unchanged) onDone();
    else form.setValues(next);
  };

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
            theirs: shown(field, conflict.theirs[field]),
          }))}
          busy={update.isPending}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      )}
    </GoalForm>
  );
}
