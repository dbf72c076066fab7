import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QuickAddField, useQuickAdd } from '.';

const homeOnly = [{ id: 'g-home', title: 'Home' }];
const manyGoals = [
  { id: 'g-run', title: 'Run' },
  { id: 'g-half', title: 'Run a half marathon' },
  { id: 'g-home', title: 'Home' },
];

/**
 * The field as a form uses it, showing what would be sent and how often the
 * form was submitted. With `suggest`, goal suggestions are on and a created
 * goal joins the list.
 */
function Harness({ suggest = false }: { suggest?: boolean }) {
  const [text, setText] = useState('');
  const [goals, setGoals] = useState(suggest ? manyGoals : homeOnly);
  const [sent, setSent] = useState(0);
  const { parsed, meanings, keep, warm } = useQuickAdd(text, { goals, timeZone: 'Europe/London' });
  const createGoal = async (title: string) => {
    const goal = { id: `g-${title}`, title };
    setGoals((all) => [...all, goal]);
    return goal;
  };
  const suggestions = suggest ? { goals, onTextChange: setText, onCreateGoal: createGoal } : {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent((count) => count + 1);
      }}
    >
      <QuickAddField
        id="qa"
        label="New task"
        value={text}
        parsed={parsed}
        meanings={meanings}
        onKeep={keep}
        onWarm={warm}
        {...suggestions}
        input={{ onChange: (event) => setText(event.target.value) }}
      />
      <output data-testid="task">
        {JSON.stringify({ title: parsed.title, priority: parsed.priority, goal: parsed.goal_id })}
      </output>
      <output data-testid="sent">{sent}</output>
    </form>
  );
}

afterEach(cleanup);

const task = () => JSON.parse(screen.getByTestId('task').textContent ?? '{}');

describe('QuickAddField', () => {
  it('measures its scroll only once there is text: mounting an empty field lays out nothing', async () => {
    // Reading scrollLeft makes the browser lay out the page; count the reads.
    const scrollLeft = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollLeft');
    let reads = 0;
    Object.defineProperty(HTMLInputElement.prototype, 'scrollLeft', {
      configurable: true,
      get() {
        reads++;
        return 0;
      },
    });
    try {
      const user = userEvent.setup();
      render(<Harness />);
      expect(reads).toBe(0);
      await user.type(screen.getByLabelText('New task'), 'Pay');
      expect(reads).toBeGreaterThan(0);
    } finally {
      delete (HTMLInputElement.prototype as { scrollLeft?: number }).scrollLeft;
      expect(Object.getOwnPropertyDescriptor(Element.prototype, 'scrollLeft')).toEqual(scrollLeft);
    }
  });

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

  it('suggests goals at a #, chosen with the arrow keys and Enter, and Enter alone still adds', async () => {
    const user = userEvent.setup();
    render(<Harness suggest />);
    const field = screen.getByLabelText('New task');
    await user.type(field, 'Buy shoes #ru');
    const list = screen.getByRole('listbox', { name: 'Goals' });
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Run',
      'Run a half marathon',
      'Create goal “ru”',
    ]);
    // Nothing is highlighted until an arrow key: Enter adds the task as typed.
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('sent').textContent).toBe('1');
    expect((field as HTMLInputElement).value).toBe('Buy shoes #ru');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('Run a half marathon');
    expect(field.getAttribute('aria-activedescendant')).toBe(active.id);
    await user.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe('Buy shoes #Run a half marathon ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('sent').textContent).toBe('1');
    await screen.findByText('Goal: Run a half marathon');
    expect(task()).toEqual({ title: 'Buy shoes', priority: null, goal: 'g-half' });
  });

  it('Tab takes the first goal; Escape closes the list and leaves the line alone', async () => {
    const user = userEvent.setup();
    render(<Harness suggest />);
    const field = screen.getByLabelText('New task') as HTMLInputElement;
    await user.type(field, 'Sweep #ho');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.value).toBe('Sweep #ho');
    await user.type(field, 'm');
    await user.keyboard('{Tab}');
    expect(field.value).toBe('Sweep #Home ');
    expect(document.activeElement).toBe(field);
  });

  it('offers a #name no goal has as a new goal, in the list and under the field', async () => {
    const user = userEvent.setup();
    render(<Harness suggest />);
    const field = screen.getByLabelText('New task') as HTMLInputElement;
    await user.type(field, 'Vocab #Learn Spanish');
    await user.click(screen.getByRole('option', { name: 'Create goal “Learn Spanish”' }));
    expect(field.value).toBe('Vocab #Learn Spanish ');
    await screen.findByText('Goal: Learn Spanish');
    expect(task()).toEqual({ title: 'Vocab', priority: null, goal: 'g-Learn Spanish' });

    // Typed on, away from the tag: the offer is a button under the field.
    await user.clear(field);
    await user.type(field, 'Weed #Garden p1');
    await user.click(screen.getByRole('button', { name: 'Create goal “Garden”' }));
    expect(field.value).toBe('Weed #Garden p1');
    await screen.findByText('Goal: Garden');
    expect(task()).toEqual({ title: 'Weed', priority: 'high', goal: 'g-Garden' });
  });
});
