import { describe, expect, it } from '@rstest/core';
import { newStep } from './steps';

describe('newStep', () => {
  it('is unticked, trimmed, and has an id of its own', () => {
    const [one, two] = [newStep('  Book the venue '), newStep('Book the venue')];
    expect(one).toMatchObject({ title: 'Book the venue', done: false });
    expect(one?.id).not.toBe(two?.id);
  });
});
