import { describe, expect, it } from '@rstest/core';
import { type OnboardingValues, toOnboardingRequest, validateOnboarding } from './validation';

const valid: OnboardingValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada.l',
  timezone: 'Europe/London',
  goal_title: '',
  goal_target_date: '',
};
const today = new Date('2026-11-21T12:00:00Z');

describe('validateOnboarding', () => {
  it('passes a complete form with no goal', () => {
    expect(validateOnboarding(valid, today)).toEqual({});
  });
  it('names every missing field', () => {
    expect(
      validateOnboarding({ ...valid, first_name: ' ', last_name: '', username: '' }, today),
    ).toEqual({
      first_name: 'Enter your first name.',
      last_name: 'Enter your last name.',
      username: 'Choose a username.',
    });
  });
  it('checks the optional goal only when given', () => {
    expect(validateOnboarding({ ...valid, goal_target_date: '2026-12-01' }, today)).toEqual({
      goal_title: 'Name the goal, or clear its date.',
    });
    expect(
      validateOnboarding({ ...valid, goal_title: 'Run', goal_target_date: '2026-11-20' }, today),
    ).toEqual({ goal_target_date: 'Pick a date from today on.' });
    expect(
      validateOnboarding({ ...valid, goal_title: 'Run', goal_target_date: '2026-11-21' }, today),
    ).toEqual({});
  });
});

describe('toOnboardingRequest', () => {
  it('trims values and drops an empty goal', () => {
    expect(toOnboardingRequest({ ...valid, first_name: ' Ada ' })).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada.l',
      timezone: 'Europe/London',
      first_goal: undefined,
    });
  });
  it('sends the goal with its date', () => {
    expect(
      toOnboardingRequest({ ...valid, goal_title: ' Run ', goal_target_date: '2027-01-01' })
        .first_goal,
    ).toEqual({ title: 'Run', target_date: '2027-01-01' });
  });
});
