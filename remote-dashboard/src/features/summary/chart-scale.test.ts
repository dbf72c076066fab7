import { describe, expect, it } from '@rstest/core';
import { barHeights, niceStep, scaleTop } from './chart-scale';

describe('chart scale', () => {
  it('rounds the top up to a whole number of 1, 2 or 5 × 10ⁿ steps', () => {
    expect(scaleTop([1])).toBe(1);
    expect(scaleTop([0, 3, 2])).toBe(3);
    expect(scaleTop([4])).toBe(4);
    expect(scaleTop([7])).toBe(8);
    expect(scaleTop([13])).toBe(15);
    expect(scaleTop([23])).toBe(30);
    expect(scaleTop([180])).toBe(200);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(990)).toBe(500);
  });

  it('has a top of 1 when nothing was completed, so no bar divides by zero', () => {
    expect(scaleTop([0, 0, 0])).toBe(1);
    expect(scaleTop([])).toBe(1);
    expect(barHeights([0, 0], 160)).toEqual([0, 0]);
  });

  it('gives bars heights proportional to their counts', () => {
    expect(barHeights([0, 1, 2, 4], 160)).toEqual([0, 40, 80, 160]);
    // 7 → top 8: the tallest bar leaves headroom.
    expect(barHeights([7, 2], 160)).toEqual([140, 40]);
  });

  it('never draws a negative bar', () => {
    expect(barHeights([-3, 2], 100)).toEqual([0, 100]);
  });
});
