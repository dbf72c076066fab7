import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { fourteenDays } from '../../../test/fixtures';
import { CompletionsChart } from './CompletionsChart';

afterEach(cleanup);

const bars = () =>
  Array.from(screen.getByTestId('completions-chart').querySelectorAll('g')).map((g) => ({
    date: g.dataset.date,
    height: Number(g.querySelector('rect')?.getAttribute('height')),
    value: g.querySelector('.completions-chart__value')?.textContent ?? null,
  }));

describe('CompletionsChart', () => {
  it('draws one bar per day, oldest first, scaled to the busiest day', () => {
    render(<CompletionsChart completions={fourteenDays({ 0: 1, 6: 2, 13: 4 })} />);
    const drawn = bars();
    expect(drawn).toHaveLength(14);
    expect(drawn[0]?.date).toBe('2025-11-05');
    expect(drawn[13]?.date).toBe('2025-11-18');
    // Plot height 146 px, top of scale 4.
    expect(drawn[13]?.height).toBe(146);
    expect(drawn[6]?.height).toBe(73);
    expect(drawn[0]?.height).toBe(37);
    expect(drawn.map((bar) => bar.value)).toEqual([
      '1',
      null,
      null,
      null,
      null,
      null,
      '2',
      null,
      null,
      null,
      null,
      null,
      null,
      '4',
    ]);
    // Empty days keep a 2 px stub on the baseline, without a number.
    expect(drawn[1]?.height).toBe(2);
    expect(screen.getByTestId('completions-total').textContent).toBe('7 in the last 14 days');
  });

  it('hides the drawing from screen readers and gives them a table instead', () => {
    render(<CompletionsChart completions={fourteenDays({ 13: 3 })} />);
    expect(screen.getByTestId('completions-chart').getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByRole('table', { name: 'Tasks completed per day, last 14 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(within(rows[13] as HTMLElement).getByRole('rowheader').textContent).toMatch(/Nov 18/);
    expect(within(rows[13] as HTMLElement).getByRole('cell').textContent).toBe('3');
    expect(within(rows[0] as HTMLElement).getByRole('cell').textContent).toBe('0');
  });

  it('says so when nothing was completed, without dividing by zero', () => {
    render(<CompletionsChart completions={fourteenDays()} />);
    expect(bars().every((bar) => bar.height === 2)).toBe(true);
    screen.getByText(/Nothing completed in the last two weeks/);
  });
});
