import { paths, type User } from '@stride/shared';

/** Where a freshly signed-in user goes: onboarding first, then the dashboard. */
export function destinationFor(user: User): string {
  return user.onboarding_completed ? paths.dashboard : paths.onboarding;
}
