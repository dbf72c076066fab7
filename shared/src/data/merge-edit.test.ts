import { describe, expect, it } from '@rstest/core';
import { mergeEdit } from './merge-edit';

const FIELDS = ['title', 'description', 'target_date'] as const;
const base = { title: 'Learn Spanish', description: 'Evenings', target_date: '2027-01-01' };
const merge = (b: typeof base, mine: typeof base, theirs: typeof base) =>
  mergeEdit(FIELDS, b, mine, theirs);

describe('mergeEdit', () => {
  it('takes what only the other side changed and keeps what only the user changed', () => {
    const mine = { ...base, description: 'Evenings and weekends' };
    const theirs = { ...base, title: 'Learn Spanish (B2)' };
    expect(merge(base, mine, theirs)).toEqual({
      merged: {
        title: 'Learn Spanish (B2)',
        description: 'Evenings and weekends',
        target_date: '2027-01-01',
      },
      conflicts: [],
    });
  });

  it('reports fields both sides changed differently, keeping the typed value', () => {
    const mine = { ...base, title: 'Spanish, B1' };
    const theirs = { ...base, title: 'Spanish, B2', target_date: '2027-06-01' };
    expect(merge(base, mine, theirs)).toEqual({
      merged: { ...base, title: 'Spanish, B1', target_date: '2027-06-01' },
      conflicts: ['title'],
    });
  });

  it('sees no conflict when both sides made the same change', () => {
    const same = { ...base, title: 'Spanish' };
    expect(merge(base, same, { ...same, title: ' Spanish ' }).conflicts).toEqual([]);
  });
});
