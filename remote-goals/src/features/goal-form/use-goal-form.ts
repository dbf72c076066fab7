import { COPY, fieldErrorsFrom, unreachableText } from '@stride/shared';
import { useState } from 'react';
import { GOALS_COPY } from '../goals/copy';
import {
  GOAL_FIELDS,
  type GoalErrors,
  type GoalField,
  type GoalValues,
  validateGoal,
} from './validation';

/** Why a save failed, in words the user can act on. Field errors go under their fields. */
export function describeSaveError(error: unknown): { formError: string; fields: GoalErrors } {
  const unreachable = unreachableText(error);
  if (unreachable) return { formError: unreachable, fields: {} };
  const fields: GoalErrors = fieldErrorsFrom(error, GOAL_FIELDS);
  return {
    formError: Object.keys(fields).length > 0 ? COPY.fixFields : GOALS_COPY.saveFailed,
    fields,
  };
}

/**
 * The state of a goal form: values as typed, errors, and the form-level
 * message. A failed save only adds messages; the values are never reset.
 */
export function useGoalForm(idPrefix: string, initial: GoalValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<GoalErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: GoalField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: GoalErrors) => {
    const first = GOAL_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  /** Checks the values; shows and focuses the first problem. True when they can be sent. */
  const check = (savedDate?: string) => {
    const found = validateGoal(values, { savedDate });
    setErrors(found);
    setFormError(null);
    focusFirst(found);
    return Object.keys(found).length === 0;
  };

  const fail = (error: unknown) => {
    const { formError: message, fields } = describeSaveError(error);
    setErrors(fields);
    setFormError(message);
    focusFirst(fields);
  };

  return { values, setValues, errors, formError, setFormError, change, check, fail };
}
