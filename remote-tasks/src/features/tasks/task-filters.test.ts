import { describe, expect, it } from '@rstest/core';
import { isFiltered, readView, toListFilters, writeView } from './task-filters';

const read = (search: string) => readView(new URLSearchParams(search));

describe('task view in the URL', () => {
  it('reads every filter and the sort', () => {
    expect(read('?status=done&goal=g1&due=overdue&q=%20milk%20&sort=priority')).toEqual({
      status: 'done',
      goal: 'g1',
      due: 'overdue',
      q: 'milk',
      sort: 'priority',
    });
  });

  it('reads "open" (not done yet), the dashboard\'s Open card link', () => {
    expect(read('?status=open')).toMatchObject({ status: 'open' });
    expect(toListFilters(read('?status=open'))).toMatchObject({ status: 'open' });
  });

  it("ignores values it does not know, and defaults the sort to the user's own order", () => {
    expect(read('?status=later&due=someday&sort=random&q=')).toEqual({
      status: undefined,
      goal: undefined,
      due: undefined,
      q: undefined,
      sort: 'position',
    });
  });

  it('writes only what narrows or reorders, and keeps unrelated parameters', () => {
    const params = writeView(
      { status: 'todo', q: ' tea ', sort: 'position' },
      new URLSearchParams('?ref=mail&due=today'),
    );
    expect(params.toString()).toBe('ref=mail&status=todo&q=tea');
  });

  it('round-trips', () => {
    for (const sort of ['due_date', 'created_at', 'priority']) {
      const view = read(`?goal=g2&due=upcoming&sort=${sort}`);
      expect(read(`?${writeView(view)}`)).toEqual(view);
    }
  });

  it('maps the view onto the API filters (goal → goal_id)', () => {
    expect(toListFilters(read('?goal=g2&due=today&q=x'))).toEqual({
      sort: 'position',
      goal_id: 'g2',
      due: 'today',
      q: 'x',
    });
  });

  it('knows when a view is filtered (sorting alone is not)', () => {
    expect(isFiltered(read('?sort=priority'))).toBe(false);
    expect(isFiltered(read('?q=a'))).toBe(true);
  });
});
