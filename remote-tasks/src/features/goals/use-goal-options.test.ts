import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fakeApi, json, testGoal } from '@stride/shared/testing';
import { fetchAllGoals, goalOptions } from './use-goal-options';

afterEach(() => {
  rs.unstubAllGlobals();
});

describe('fetchAllGoals', () => {
  it('follows the cursor until the last page', async () => {
    const { calls } = fakeApi({
      'GET /goals/': ({ url }) =>
        url.searchParams.get('cursor') === 'p2'
          ? json({ items: [testGoal('c')], next_cursor: null })
          : json({ items: [testGoal('a'), testGoal('b')], next_cursor: 'p2' }),
    });
    expect((await fetchAllGoals()).map((goal) => goal.id)).toEqual(['a', 'b', 'c']);
    expect(calls.map((call) => call.url.searchParams.get('limit'))).toEqual(['100', '100']);
  });

  it('stops after ten pages, however many more there are', async () => {
    let n = 0;
    const { calls } = fakeApi({
      'GET /goals/': () => json({ items: [testGoal(`g${n}`)], next_cursor: `p${++n}` }),
    });
    expect(await fetchAllGoals()).toHaveLength(10);
    expect(calls).toHaveLength(10);
  });
});

describe('goalOptions', () => {
  it('offers active goals, and the task’s own goal whatever its status', () => {
    const goals = [
      testGoal('a'),
      testGoal('b', { status: 'completed' }),
      testGoal('c', { status: 'archived' }),
    ];
    expect(goalOptions(goals, 'c')).toEqual([
      { value: 'a', label: 'Goal a' },
      { value: 'c', label: 'Goal c' },
    ]);
  });
});
