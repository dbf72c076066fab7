import { describe, expect, it } from '@rstest/core';
import type { User } from '@stride/shared';
import { decideGuard, decideGuestOnly } from './guard-decision';

const onboarded = { id: '1', onboarding_completed: true } as User;
const newcomer = { id: '2', onboarding_completed: false } as User;

describe('decideGuard', () => {
  it('waits while the auth state is loading', () => {
    expect(decideGuard({ user: null, loading: true, restoreTried: false })).toEqual({
      kind: 'wait',
    });
  });

  it('first tries to restore the session when nobody is signed in', () => {
    expect(decideGuard({ user: null, loading: false, restoreTried: false })).toEqual({
      kind: 'restore',
    });
  });

  it('sends an unauthenticated visitor to /login once restoring was tried', () => {
    expect(decideGuard({ user: null, loading: false, restoreTried: true })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a user who has not finished onboarding to /onboarding', () => {
    expect(decideGuard({ user: newcomer, loading: false, restoreTried: false })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });

  it('lets /onboarding itself skip the onboarding check', () => {
    expect(
      decideGuard({
        user: newcomer,
        loading: false,
        restoreTried: true,
        skipOnboardingCheck: true,
      }),
    ).toEqual({ kind: 'allow' });
  });

  it('allows an onboarded user', () => {
    expect(decideGuard({ user: onboarded, loading: false, restoreTried: false })).toEqual({
      kind: 'allow',
    });
  });
});

describe('decideGuestOnly', () => {
  it('sends a user whose session survived an outage back to their page', () => {
    expect(decideGuestOnly({ user: onboarded, returnTo: '/tasks?view=today' })).toEqual({
      kind: 'redirect',
      to: '/tasks?view=today',
    });
  });
  it('sends a signed-in user from /login to /dashboard', () => {
    expect(decideGuestOnly({ user: onboarded })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
  it('lets a guest in, also while the session is checked (the page shows, as its server HTML did)', () => {
    expect(decideGuestOnly({ user: null })).toEqual({ kind: 'allow' });
  });
});
