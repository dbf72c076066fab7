import { describe, expect, it } from '@rstest/core';
import type { Task } from '@stride/shared';
import { canReorder, inOwnOrder, moveItem, positionFor } from './reorder';

const steps = ['a', 'b', 'c'].map((id) => ({ id, title: id, done: false }));
const ids = (list: { id: string }[]) => list.map((item) => item.id).join('');
const task = (id: string, position: string) => ({ id, position }) as Task;
/** a0 < a1 < a2 < a3, byte by byte. */
const listed = [task('a', 'a0'), task('b', 'a1'), task('c', 'a2'), task('d', 'a3')];

describe('moveItem', () => {
  it('moves an item up, down and to the ends, within the list', () => {
    expect(ids(moveItem(steps, 2, 1))).toBe('acb');
    expect(ids(moveItem(steps, 0, 1))).toBe('bac');
    expect(ids(moveItem(steps, 0, 2))).toBe('bca');
    expect(ids(moveItem(steps, 1, 9))).toBe('acb');
    expect(ids(moveItem(steps, 1, -3))).toBe('bac');
  });

  it('leaves the list it was given as it was', () => {
    moveItem(steps, 0, 2);
    expect(ids(steps)).toBe('abc');
  });
});

describe('positionFor', () => {
  it('gives a key that sorts the task into its new place', () => {
    for (const [from, to, order] of [
      [0, 2, 'bcad'],
      [3, 0, 'dabc'],
      [1, 3, 'acdb'],
      [2, 1, 'acbd'],
    ] as const) {
      const position = positionFor(listed, from, to);
      expect(position).not.toBeNull();
      const moved = listed.map((item, index) =>
        index === from ? task(item.id, position as string) : item,
      );
      expect(ids(inOwnOrder(moved))).toBe(order);
    }
  });

  it('is null when the task would stay where it is', () => {
    expect(positionFor(listed, 1, 1)).toBeNull();
    expect(positionFor(listed, 3, 7)).toBeNull();
  });

  it('stays between the shown neighbours, whatever a filter hides between them', () => {
    // b (a1) and c (a2) are shown; a hidden task holds a1V between them.
    const shown = [task('a', 'a0'), task('b', 'a1'), task('c', 'a2')];
    const position = positionFor(shown, 0, 1) as string;
    expect(position > 'a1' && position < 'a2').toBe(true);
  });
});

describe('inOwnOrder', () => {
  it('sorts by key, byte by byte (upper case before lower)', () => {
    expect(ids(inOwnOrder([task('x', 'a1'), task('y', 'Zz'), task('z', 'a0V')]))).toBe('yzx');
  });

  it('hands back the same list when it is in order already', () => {
    expect(inOwnOrder(listed)).toBe(listed);
  });
});

describe('canReorder', () => {
  it('needs every task to carry a key', () => {
    expect(canReorder(listed)).toBe(true);
    expect(canReorder([...listed, { id: 'old' } as Task])).toBe(false);
  });
});
