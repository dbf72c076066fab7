import type { OnboardingValues } from './validation';

/**
 * The onboarding form's parts, in order, with their labels and hints: read by
 * the form and by the outline the page shows while the session is checked,
 * so the two cannot drift apart (and nothing moves when the form arrives).
 * The username's hint changes as it is checked; the form owns those words.
 */
export const ONBOARDING_SETS = {
  about: 'About you',
  goal: 'Your first goal (optional)',
} as const;

export const ONBOARDING_LABELS = {
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  username: { label: 'Username' },
  timezone: { label: 'Time zone', hint: 'Used for due dates and your daily summary.' },
  goal_title: { label: 'Goal' },
  goal_target_date: { label: 'Target date' },
} as const satisfies Record<keyof OnboardingValues, { label: string; hint?: string }>;

export const ONBOARDING_SUBMIT = 'Get started';
