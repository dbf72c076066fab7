import { type Goal, type GoalInput, LIMITS } from '@stride/shared';
import { isCalendarDay, todayIn } from '@stride/shared/calendar-day';

/** What the goal form holds: strings, exactly as typed. */
export interface GoalValues {
  title: string;
  description: string;
  target_date: string;
}

export type GoalField = keyof GoalValues;
export type GoalErrors = Partial<Record<GoalField, string>>;

export const GOAL_FIELDS: readonly GoalField[] = ['title', 'description', 'target_date'];

export const EMPTY_GOAL: GoalValues = { title: '', description: '', target_date: '' };

export function valuesOf(goal: Goal): GoalValues {
  return {
    title: goal.title,
    description: goal.description ?? '',
    target_date: goal.target_date ?? '',
  };
}

/**
 * The API checks the same limits again. A target date in the past is refused
 * only when it is new: an old goal can keep the date it already had.
 */
export function validateGoal(
  values: GoalValues,
  options: { today?: string; savedDate?: string } = {},
): GoalErrors {
  const errors: GoalErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Give the goal a title.';
  else if (title.length > LIMITS.titleMax)
    errors.title = `Keep the title to ${LIMITS.titleMax} characters (it has ${title.length}).`;
  if (values.description.trim().length > LIMITS.descriptionMax)
    errors.description = `Keep the description to ${LIMITS.descriptionMax.toLocaleString('en')} characters.`;
  const date = values.target_date;
  if (date && !isCalendarDay(date)) errors.target_date = 'Enter a real date, like 2027-05-01.';
  else if (date && date !== options.savedDate && date < (options.today ?? todayIn()))
    errors.target_date = 'Pick a target date from today on.';
  return errors;
}

/** The request body: trimmed title, empty optional fields as null. */
export function toGoalInput(values: GoalValues): GoalInput {
  return {
    title: values.title.trim(),
    description: values.description.trim() ? values.description : null,
    target_date: values.target_date || null,
  };
}
