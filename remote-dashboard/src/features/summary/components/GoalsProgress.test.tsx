import { afterEach, describe, expect, it } from '@rstest/core';
import type { DashboardSummary } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { cleanup, screen } from '@testing-library/react';
import { renderDashboard } from '../../../test/render';
import { GoalsProgress } from './GoalsProgress';

afterEach(cleanup);

const goals: DashboardSummary['goals'] = [
  {
    id: 'g1',
    title: 'Run a half marathon',
    status: 'active',
    target_date: '2026-04-12',
    progress: { done: 3, total: 4 },
  },
  {
    id: 'g2',
    title: 'Learn Rust',
    status: 'active',
    target_date: null,
    progress: { done: 0, total: 0 },
  },
];

describe('GoalsProgress', () => {
  it('shows each goal with a progress bar and what it means, linking to it in Goals', () => {
    renderDashboard(<GoalsProgress goals={goals} />);
    const bar = screen.getByRole('progressbar', { name: 'Run a half marathon progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 4 done');
    expect(screen.getByText(/3 of 4 tasks done/).textContent).toContain(
      `Target ${dayLabel('2026-04-12')}`,
    );
    screen.getByText('No tasks linked yet');
    expect(screen.getByRole('link', { name: 'Learn Rust' }).getAttribute('href')).toBe(
      '/goals?goal=g2',
    );
    expect(screen.getByRole('link', { name: 'All goals' }).getAttribute('href')).toBe('/goals');
  });

  it('invites the user to set a goal when there is none', () => {
    renderDashboard(<GoalsProgress goals={[]} />);
    screen.getByText('No goals yet');
    expect(screen.getByRole('link', { name: 'Set a goal' }).getAttribute('href')).toBe('/goals');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
