import { LIMITS, validatePersonName, validateUsername } from '@stride/shared';

/** Client-side checks for the onboarding form; the API checks the same rules again. */
export interface OnboardingValues {
  first_name: string;
  last_name: string;
  username: string;
  timezone: string;
  goal_title: string;
  goal_target_date: string;
}

export type OnboardingErrors = Partial<Record<keyof OnboardingValues, string>>;

export const ONBOARDING_FIELDS = [
  'first_name',
  'last_name',
  'username',
  'timezone',
  'goal_title',
  'goal_target_date',
] as const satisfies readonly (keyof OnboardingValues)[];

/** The API names the first goal's fields by their place in the request body. */
export const API_FIELD_NAMES = {
  'first_goal.title': 'goal_title',
  'first_goal.target_date': 'goal_target_date',
} as const;

export const GOAL_TITLE_MAX = LIMITS.titleMax;

export function validateOnboarding(values: OnboardingValues, today = new Date()): OnboardingErrors {
  const errors: OnboardingErrors = {
    first_name: validatePersonName(values.first_name, 'first name'),
    last_name: validatePersonName(values.last_name, 'last name'),
    username: validateUsername(values.username),
  };
  const goal = values.goal_title.trim();
  if (goal.length > GOAL_TITLE_MAX)
    errors.goal_title = `Keep the goal under ${GOAL_TITLE_MAX} characters.`;
  if (values.goal_target_date) {
    if (!goal) errors.goal_title = 'Name the goal, or clear its date.';
    else if (values.goal_target_date < today.toISOString().slice(0, 10))
      errors.goal_target_date = 'Pick a date from today on.';
  }
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message),
  ) as OnboardingErrors;
}

/** The request body of POST /onboarding/complete/. */
export function toOnboardingRequest(values: OnboardingValues) {
  const goal = values.goal_title.trim();
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    username: values.username.trim(),
    timezone: values.timezone || undefined,
    first_goal: goal
      ? { title: goal, target_date: values.goal_target_date || undefined }
      : undefined,
  };
}
