import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderDashboard } from '../../../test/render';
import { SummaryCards } from './SummaryCards';

afterEach(cleanup);

const counts = { today: 3, overdue: 1, open: 12, done_this_week: 0 };

describe('SummaryCards', () => {
  it('shows each count as a link to the filtered task list', () => {
    renderDashboard(<SummaryCards counts={counts} />);
    const expected = [
      ['Due today 3 tasks', '/tasks?view=today'],
      ['Overdue 1 task', '/tasks?view=today'],
      ['Open 12 tasks', '/tasks?status=open'],
      ['Done this week 0 tasks', '/tasks?status=done'],
    ];
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected);
    screen.getByRole('link', { name: 'Due today 3 tasks' });
  });

  it('flags overdue tasks only when there are some', () => {
    renderDashboard(<SummaryCards counts={counts} />);
    expect(screen.getByTestId('summary-overdue').className).toContain('summary-card--alert');
    expect(screen.getByTestId('summary-today').className).not.toContain('--alert');
    cleanup();
    renderDashboard(<SummaryCards counts={{ ...counts, overdue: 0 }} />);
    expect(screen.getByTestId('summary-overdue').className).not.toContain('--alert');
  });

  it('opens the task list when a card is followed', async () => {
    renderDashboard(<SummaryCards counts={counts} />);
    fireEvent.click(screen.getByRole('link', { name: /Overdue/ }));
    await screen.findByText('at /tasks?view=today');
  });
});
