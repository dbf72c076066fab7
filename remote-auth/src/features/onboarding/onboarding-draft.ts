// What a user has typed into onboarding, kept in this tab's sessionStorage
// until they finish: the top bar's Dashboard, Goals and Tasks buttons (the
// spec keeps them) lead back here through the guard, and the page they left
// must come back as they left it. Per user, so a second account in the same
// tab starts clean; dropped when onboarding is done.
import { ONBOARDING_FIELDS, type OnboardingValues } from './validation';

const keyFor = (userId: string) => `stride:onboarding-draft:${userId}`;

/** The longest value kept for a field: anything longer is not what the form wrote. */
const VALUE_MAX = 1_000;

export function readDraft(userId: string): Partial<OnboardingValues> {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(keyFor(userId)) ?? 'null');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const draft: Partial<OnboardingValues> = {};
  // The form's own fields, and nothing else, are read back.
  for (const field of ONBOARDING_FIELDS) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length <= VALUE_MAX) draft[field] = value;
  }
  return draft;
}

export function saveDraft(userId: string, values: Partial<OnboardingValues>): void {
  try {
    sessionStorage.setItem(keyFor(userId), JSON.stringify(values));
  } catch {
    // Storage full or off (private mode): the form still works, only unkept.
  }
}

export function dropDraft(userId: string): void {
  try {
    sessionStorage.removeItem(keyFor(userId));
  } catch {
    // As above.
  }
}
