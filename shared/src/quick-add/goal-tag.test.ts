import { describe, expect, it } from '@rstest/core';
import { goalTagAt, insertGoal, suggestGoals, unknownTag } from './goal-tag';

const goals = [
  { id: 'run', title: 'Run' },
  { id: 'half', title: 'Run a half marathon' },
  { id: 'home', title: 'Home' },
  { id: 'spanish', title: 'Learn Spanish' },
];
const titles = (query: string) => suggestGoals(query, goals).goals.map((goal) => goal.title);

describe('goalTagAt', () => {
  it('finds the tag the caret is in, over the spaces of a longer name', () => {
    const text = 'Buy shoes #Run a h';
    expect(goalTagAt(text, text.length)).toEqual({ start: 10, end: text.length, query: 'Run a h' });
    expect(goalTagAt('#', 1)).toEqual({ start: 0, end: 1, query: '' });
  });

  it('is no tag inside a word, after a double space, or across a recognised date', () => {
    expect(goalTagAt('C#sharp', 7)).toBeNull();
    expect(goalTagAt('#Home  x', 8)).toBeNull();
    expect(goalTagAt('a, b', 4)).toBeNull();
    const text = 'Milk #Home tomorrow';
    const date = { kind: 'date' as const, start: 11, end: 19, text: 'tomorrow' };
    expect(goalTagAt(text, text.length, [date])).toBeNull();
    expect(goalTagAt(text, 10, [date])?.query).toBe('Home');
  });

  it('looks back no further than a goal title is long', () => {
    const text = `#${'a'.repeat(100_000)}`;
    expect(goalTagAt(text, text.length)).toBeNull();
  });
});

describe('suggestGoals', () => {
  it('puts titles that begin with the name before titles that contain it', () => {
    expect(titles('ru')).toEqual(['Run', 'Run a half marathon']);
    expect(titles('span')).toEqual(['Learn Spanish']);
    expect(titles('')).toEqual(goals.map((goal) => goal.title));
  });

  it('offers a new goal for a name no goal has, and none for one it has', () => {
    expect(suggestGoals('Gardening', goals)).toEqual({ goals: [], create: 'Gardening' });
    expect(suggestGoals('home', goals)).toEqual({ goals: [], create: null });
    expect(titles('run')).toEqual(['Run a half marathon']);
    expect(suggestGoals('', goals).create).toBeNull();
  });

  it('treats a name ending in a space as finished: only longer titles go on', () => {
    expect(titles('Run ')).toEqual(['Run a half marathon']);
    expect(suggestGoals('Home ', goals)).toEqual({ goals: [], create: null });
  });

  it('shows at most the maximum', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `${i}`, title: `Goal ${i}` }));
    expect(suggestGoals('goal', many, 6).goals).toHaveLength(6);
  });
});

describe('insertGoal', () => {
  it('writes the full name and one space, keeping what follows', () => {
    const text = 'Shoes #run a tomorrow';
    expect(insertGoal(text, { start: 6, end: 12, query: 'run a' }, 'Run a half marathon')).toEqual({
      text: 'Shoes #Run a half marathon tomorrow',
      caret: 27,
    });
  });
});

describe('unknownTag', () => {
  it('names the first #word that is no goal, and skips matched and known ones', () => {
    const matched = [{ kind: 'goal' as const, start: 5, end: 10, text: '#Home' }];
    expect(unknownTag('Milk #Home #Garden', matched, goals)).toEqual({
      start: 11,
      end: 18,
      name: 'Garden',
    });
    expect(unknownTag('Milk #home', [], goals)).toBeNull();
    expect(unknownTag('C#sharp', [], goals)).toBeNull();
  });
});
