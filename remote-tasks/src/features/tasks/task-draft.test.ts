import { describe, expect, it } from '@rstest/core';
import { task } from '../../test/render';
import { changedFields, draftOf, patchFrom } from './task-draft';

describe('task drafts', () => {
  it('send only the fields the user changed, empty optional fields as null', () => {
    const base = draftOf(task('a', { notes: 'old', due_date: '2030-01-02', goal_id: 'g1' }));
    const draft = {
      ...base,
      title: '  New title ',
      notes: '',
      goal_id: '',
      priority: 'high' as const,
    };
    expect(patchFrom(draft, base)).toEqual({
      title: 'New title',
      notes: null,
      priority: 'high',
      goal_id: null,
    });
  });

  it('treat whitespace around the title as no change', () => {
    const base = draftOf(task('a'));
    expect(changedFields({ ...base, title: ` ${base.title} ` }, base)).toEqual([]);
  });
});
