import { COPY, resolverFrom, showServerErrors, unreachableText } from '@stride/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GOALS_COPY } from '../goals/copy';
import { GOAL_FIELDS, type GoalValues, validateGoal } from './validation';

/**
 * A goal form on react-hook-form: the values as typed, validateGoal as its
 * one set of checks (with the saved target date, which an old goal may keep),
 * focus on the first problem, and the form-level message. A failed save only
 * adds messages; the values are never reset.
 */
export function useGoalForm(initial: GoalValues, options: { savedDate?: string } = {}) {
  const [formError, setFormError] = useState<string | null>(null);
  // Read at each check: after a conflict the saved date is the other side's.
  const savedDate = useRef(options.savedDate);
  savedDate.current = options.savedDate;
  const form = useForm<GoalValues>({
    defaultValues: initial,
    resolver: resolverFrom((values: GoalValues) =>
      validateGoal(values, { savedDate: savedDate.current }),
    ),
  });

  /** Says why a save failed: the API's field messages under their fields, else in words. */
  const fail = (error: unknown) => {
    const unreachable = unreachableText(error);
    if (unreachable) return setFormError(unreachable);
    const marked = showServerErrors(form.setError, error, GOAL_FIELDS);
    setFormError(marked ? COPY.fixFields : GOALS_COPY.saveFailed);
  };

  /** The submit handler: checks, then `send` with the values as typed. */
  const onSubmit = (send: (values: GoalValues) => void) =>
    form.handleSubmit((values) => {
      setFormError(null);
      send(values);
    });

  /** Puts `values` in the fields (a merge after a conflict), keeping the form's state. */
  const setValues = (values: GoalValues) => {
    for (const field of GOAL_FIELDS) form.setValue(field, values[field]);
  };

  return { ...form, formError, fail, onSubmit, setValues };
}

export type GoalFormState = ReturnType<typeof useGoalForm>;
