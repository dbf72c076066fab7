import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QuickAddField, useQuickAdd } from '.';

const goals = [{ id: 'g-home', title: 'Home' }];

/** The field as a form uses it, showing what would be sent. */
function Harness() {
  const [text, setText] = useState('');
  const { parsed, meanings, keep, warm } = useQuickAdd(text, { goals, timeZone: 'Europe/London' });
  return (
    <>
      <QuickAddField
        id="qa"
        label="New task"
        value={text}
        parsed={parsed}
        meanings={meanings}
        onKeep={keep}
        onWarm={warm}
        input={{ onChange: (event) => setText(event.target.value) }}
      />
      <output data-testid="task">
        {JSON.stringify({ title: parsed.title, priority: parsed.priority, goal: parsed.goal_id })}
      </output>
    </>
  );
}

afterEach(cleanup);

const task = () => JSON.parse(screen.getByTestId('task').textContent ?? '{}');

describe('QuickAddField', () => {
  it('highlights what it understood and says it in words, as the field’s description', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.type(screen.getByLabelText('New task'), 'Pay rent p1 #Home');
    // The parser loads on its own (at the focus here), then reads the line.
    await screen.findByRole('button', { name: 'Keep “p1” as text' });
    const marks = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['p1', '#Home']);
    const described = screen.getByLabelText('New task').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toMatch(/High priority.*Goal: Home/);
    expect(task()).toEqual({ title: 'Pay rent', priority: 'high', goal: 'g-home' });
  });

  it('keeps a part as text with its button, a click on its highlight, or Escape', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const field = screen.getByLabelText('New task');
    await user.type(field, 'Pay rent p1 #Home');

    await user.click(screen.getByRole('button', { name: 'Keep “p1” as text' }));
    expect(task()).toEqual({ title: 'Pay rent p1', priority: null, goal: 'g-home' });

    await user.type(field, ' p2');
    const mark = [...container.querySelectorAll('mark')].find((m) => m.textContent === 'p2');
    await user.pointer({ keys: '[MouseLeft>]', target: mark as Element });
    expect(task().priority).toBeNull();

    // Escape keeps the part nearest before the caret: the goal.
    field.focus();
    await user.keyboard('{End}{Escape}');
    expect(task()).toEqual({ title: 'Pay rent p1 #Home p2', priority: null, goal: null });
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });
});
