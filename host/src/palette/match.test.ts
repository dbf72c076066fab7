import { describe, expect, it } from '@rstest/core';
import type { PaletteCommand } from '@stride/shared';
import { matchCommands } from './match';

const command = (label: string, keywords: string[] = []): PaletteCommand => ({
  id: label,
  label,
  group: 'Test',
  keywords,
  run: () => undefined,
});
const all = [
  command('Go to Tasks'),
  command('New task', ['add', 'create']),
  command('New goal', ['add']),
  command('Theme: Dark', ['switch', 'mode']),
];
const labels = (query: string) => matchCommands(all, query).map((c) => c.label);

describe('matchCommands', () => {
  it('lists everything, in order, for an empty query', () => {
    expect(labels('  ')).toEqual(all.map((c) => c.label));
  });

  it('needs every typed word to begin a word of the label or keywords', () => {
    expect(labels('new t')).toEqual(['New task']);
    expect(labels('add')).toEqual(['New task', 'New goal']);
    expect(labels('dark mode')).toEqual(['Theme: Dark']);
    expect(labels('ask')).toEqual([]);
  });

  it('puts labels that begin with the query first', () => {
    expect(labels('task')).toEqual(['Go to Tasks', 'New task']);
    expect(labels('new')).toEqual(['New task', 'New goal']);
  });
});
