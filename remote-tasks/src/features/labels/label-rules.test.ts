import { describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import { checkLabelName, suggestLabels, withLabel } from './label-rules';

describe('checkLabelName', () => {
  it('takes one word, a leading @ and spaces around it allowed', () => {
    expect(checkLabelName('  @errand ')).toEqual({ name: 'errand' });
    expect(checkLabelName('waiting-on_Sam2')).toEqual({ name: 'waiting-on_Sam2' });
  });

  it('says what is wrong with anything else', () => {
    expect(checkLabelName(' ').error).toMatch(/Type a name/);
    expect(checkLabelName('two words').error).toMatch(/one word/);
    expect(checkLabelName('x'.repeat(LIMITS.labelNameMax + 1)).error).toMatch(/at most/);
  });
});

describe('withLabel', () => {
  it('adds a name once, whatever its case', () => {
    expect(withLabel(['errand'], 'home')).toEqual(['errand', 'home']);
    expect(withLabel(['errand'], 'ERRAND')).toEqual(['errand']);
  });

  it('refuses a label past a task’s most', () => {
    const full = Array.from({ length: LIMITS.labelsPerTask }, (_, i) => `l${i}`);
    expect(withLabel(full, 'one-more')).toEqual({ error: expect.stringMatching(/at most/) });
  });
});

describe('suggestLabels', () => {
  const labels = ['errand', 'Email', 'home', 'waiting'].map((name) => ({ name }));
  it('offers the labels not chosen whose name holds what is typed', () => {
    expect(suggestLabels(labels, ['home'], '').map((l) => l.name)).toEqual([
      'errand',
      'Email',
      'waiting',
    ]);
    expect(suggestLabels(labels, [], '@Em').map((l) => l.name)).toEqual(['Email']);
    expect(suggestLabels(labels, ['ERRAND'], 'e', 1).map((l) => l.name)).toEqual(['Email']);
  });
});
