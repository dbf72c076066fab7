import { describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared';
import { toGoalInput, validateGoal } from './validation';

const today = '2026-06-15';
const values = (overrides = {}) => ({
  title: 'Learn Spanish',
  description: '',
  target_date: '',
  ...overrides,
});

describe('validateGoal', () => {
  it('accepts a title alone', () => {
    expect(validateGoal(values(), { today })).toEqual({});
  });

  it('needs a title that is not only spaces, and at most the title limit', () => {
    expect(validateGoal(values({ title: '   ' }), { today }).title).toBe('Give the goal a title.');
    expect(validateGoal(values({ title: 'x'.repeat(LIMITS.titleMax) }), { today })).toEqual({});
    expect(
      validateGoal(values({ title: 'x'.repeat(LIMITS.titleMax + 1) }), { today }).title,
    ).toMatch(/200 characters \(it has 201\)/);
  });

  it('limits the description', () => {
    const long = 'x'.repeat(LIMITS.descriptionMax + 1);
    expect(validateGoal(values({ description: long }), { today }).description).toMatch(/10,000/);
  });

  it('wants a real target date from today on, unless the goal already had it', () => {
    expect(validateGoal(values({ target_date: '2026-02-30' }), { today }).target_date).toMatch(
      /real date/,
    );
    expect(validateGoal(values({ target_date: '2026-06-14' }), { today }).target_date).toMatch(
      /from today/,
    );
    expect(validateGoal(values({ target_date: today }), { today })).toEqual({});
    expect(
      validateGoal(values({ target_date: '2026-01-01' }), { today, savedDate: '2026-01-01' }),
    ).toEqual({});
  });
});

describe('toGoalInput', () => {
  it('trims the title and sends empty optional fields as null', () => {
    expect(toGoalInput(values({ title: '  Learn Spanish ', description: '  ' }))).toEqual({
      title: 'Learn Spanish',
      description: null,
      target_date: null,
    });
    expect(
      toGoalInput(values({ description: 'B2 by summer', target_date: '2027-01-01' })),
    ).toMatchObject({
      description: 'B2 by summer',
      target_date: '2027-01-01',
    });
  });
});
