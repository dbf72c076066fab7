import { describe, expect, it } from '@rstest/core';
import { normaliseName } from '@stride/shared/quick-add/engine';
import { FilterError } from './error.js';
import { parseFilter } from './parse.js';
import { type FilterLookup, resolveFilter } from './resolve.js';

const TODAY = '2030-03-13';

/** The user's labels and goals, counting each lookup. */
function lookup() {
  const calls = { labels: [] as string[][], goals: 0 };
  const labels = new Map([
    ['errand', 'label-errand'],
    ['waiting', 'label-waiting'],
  ]);
  const goals = ['Home renovation', 'Home-renovation!', 'Work'].map((title, i) => ({
    id: `goal-${i}`,
    key: normaliseName(title),
  }));
  const found: FilterLookup = {
    labels: async (keys) => {
      calls.labels.push(keys);
      return new Map([...labels].filter(([key]) => keys.includes(key)));
    },
    goals: async () => {
      calls.goals++;
      return goals;
    },
  };
  return { calls, found };
}

const resolve = async (query: string, found: FilterLookup) => {
  const parsed = parseFilter(query, TODAY);
  if (!parsed) throw new Error('blank');
  return resolveFilter(parsed, found);
};

async function failure(query: string) {
  const { found } = lookup();
  try {
    await resolve(query, found);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return { message: error.message, position: error.position, length: error.length };
  }
  throw new Error(`no error for ${query}`);
}

describe('resolving a filter', () => {
  it('looks every label up in one call and the goals in one more', async () => {
    const { calls, found } = lookup();
    const node = await resolve('(@Errand | @errand) & !@WAITING & #Work | #work & p1', found);
    expect(calls).toEqual({ labels: [['errand', 'waiting']], goals: 1 });
    expect(JSON.stringify(node)).toContain('"id":"label-waiting"');
  });

  it('looks nothing up for a filter without labels or goals', async () => {
    const { calls, found } = lookup();
    await resolve('today | p1 & search: @x #y', found);
    expect(calls).toEqual({ labels: [], goals: 0 });
  });

  it('finds a goal as quick add does, every live goal of that name', async () => {
    const { found } = lookup();
    expect(await resolve('#HomeRenovation', found)).toMatchObject({
      term: { type: 'goal', ids: ['goal-0', 'goal-1'] },
    });
    expect(await resolve('#home renovation', found)).toMatchObject({
      term: { ids: ['goal-0', 'goal-1'] },
    });
  });

  it('says which name is unknown, at the first such term', async () => {
    expect(await failure('today & (@errnd | @nope)')).toEqual({
      message: 'No label is called “errnd”',
      position: 9,
      length: 6,
    });
    expect(await failure('@errand & #Hom & #Nope')).toEqual({
      message: 'No goal is called “Hom”',
      position: 10,
      length: 4,
    });
  });
});
