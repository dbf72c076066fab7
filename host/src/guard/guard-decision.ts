import { paths, type User } from '@stride/shared';

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'restore' }
  | { kind: 'redirect'; to: string }
  | { kind: 'allow' };

export interface GuardInput {
  user: User | null;
  loading: boolean;
  /** Whether this guard already tried to restore the session. */
  restoreTried: boolean;
  /** /onboarding is the one guarded route that skips the onboarding check. */
  skipOnboardingCheck?: boolean;
}

/** The guard of docs/product.md §2, as a pure function of the auth state. */
export function decideGuard({
  user,
  loading,
  restoreTried,
  skipOnboardingCheck = false,
}: GuardInput): GuardDecision {
  if (loading) return { kind: 'wait' };
  if (!user) return restoreTried ? { kind: 'redirect', to: paths.login } : { kind: 'restore' };
  if (!user.onboarding_completed && !skipOnboardingCheck)
    return { kind: 'redirect', to: paths.onboarding };
  return { kind: 'allow' };
}

/**
 * /login is for guests: a signed-in user goes to the dashboard, or back to
 * the page a check with no answer took them from (`returnTo`). While the
 * session is being checked the sign-in page shows, as its HTML already did
 * (docs/architecture.md §2, "Pages as HTML"): a spinner in its
 * place would undo the early paint, and a signed-in visitor leaves it once
 * the answer comes.
 */
export function decideGuestOnly({
  user,
  returnTo = null,
}: Pick<GuardInput, 'user'> & { returnTo?: string | null }): GuardDecision {
  return user ? { kind: 'redirect', to: returnTo ?? paths.dashboard } : { kind: 'allow' };
}
