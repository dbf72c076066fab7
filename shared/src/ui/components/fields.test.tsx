import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

afterEach(cleanup);

/** The ids aria-describedby names that have no element: each must exist. */
function dangling(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.filter((id) => !document.getElementById(id));
}

const options = [
  { value: 'low', label: 'Low' },
  { value: 'high', label: 'High' },
];

describe('field wiring', () => {
  it('a SelectField shows its error, marks itself invalid and is described by it', () => {
    render(
      <SelectField id="p" label="Priority" options={options} error="Pick one" hint="Optional" />,
    );
    const select = screen.getByLabelText('Priority');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('p-error');
    expect(document.getElementById('p-error')?.textContent).toBe('Pick one');
    expect(dangling(select)).toEqual([]);
  });

  it('a hint describes the control until an error replaces it; no id names a missing element', () => {
    const { rerender } = render(<TextField id="t" label="Title" hint="Short is good" />);
    const input = screen.getByLabelText('Title');
    expect(input.getAttribute('aria-describedby')).toBe('t-hint');
    rerender(<TextField id="t" label="Title" hint="Short is good" error="Too long" />);
    // The hint is not rendered while the error shows: it must not be named.
    expect(input.getAttribute('aria-describedby')).toBe('t-error');
    expect(dangling(input)).toEqual([]);
    rerender(<SelectField id="s" label="Status" options={options} hint="Where it stands" />);
    expect(dangling(screen.getByLabelText('Status'))).toEqual([]);
  });
});
