import { describe, expect, it } from '@rstest/core';
import { moveStep, newStep } from './steps';

const steps = ['a', 'b', 'c'].map((id) => ({ id, title: id, done: false }));
const ids = (list: { id: string }[]) => list.map((step) => step.id).join('');

describe('moveStep', () => {
  it('moves a step up, down and to the ends, within the list', () => {
    expect(ids(moveStep(steps, 2, 1))).toBe('acb');
    expect(ids(moveStep(steps, 0, 1))).toBe('bac');
    expect(ids(moveStep(steps, 0, 2))).toBe('bca');
    expect(ids(moveStep(steps, 1, 9))).toBe('acb');
    expect(ids(moveStep(steps, 1, -3))).toBe('bac');
  });

  it('leaves the list it was given as it was', () => {
    moveStep(steps, 0, 2);
    expect(ids(steps)).toBe('abc');
  });
});

describe('newStep', () => {
  it('is unticked, trimmed, and has an id of its own', () => {
    const [one, two] = [newStep('  Book the venue '), newStep('Book the venue')];
    expect(one).toMatchObject({ title: 'Book the venue', done: false });
    expect(one?.id).not.toBe(two?.id);
  });
});
