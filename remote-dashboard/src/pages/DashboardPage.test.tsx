import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { queryKeys } from '@stride/shared';
import { fakeApi, json, readsOf, stubFetch } from '@stride/shared/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptySummary, summary } from '../test/fixtures';
import { renderDashboard, testUser } from '../test/render';
import DashboardPage from './DashboardPage';
import firstRequests from './first-requests.json';

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('asks first for exactly the reads its release names (first-requests.json)', async () => {
    const { calls } = fakeApi({ 'GET /dashboard/': json(summary()) });
    renderDashboard(<DashboardPage />);
    await screen.findByRole('link', { name: 'Due today 2 tasks' });
    await waitFor(() => expect(readsOf(calls)).toEqual([...firstRequests.DashboardPage].sort()));
  });

  it('loads GET /dashboard/ and shows the counts, the chart and the goals', async () => {
    const { calls } = stubFetch(json(summary()));
    renderDashboard(<DashboardPage />);
    screen.getByRole('heading', { level: 1, name: 'Dashboard' });
    screen.getByText('Loading your dashboard');
    await screen.findByRole('link', { name: 'Due today 2 tasks' });
    expect(calls[0]?.url).toMatch(/\/dashboard\/$/);
    screen.getByRole('link', { name: 'Overdue 1 task' });
    screen.getByRole('table', { name: /Tasks completed per day/ });
    screen.getByRole('progressbar', { name: 'Run a half marathon progress' });
    screen.getByRole('heading', { name: 'Account' });
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Welcome back, Ada Lovelace.');
  });

  it('tells a brand-new user how to start', async () => {
    stubFetch(json(emptySummary()));
    renderDashboard(<DashboardPage />, { ...testUser, created_at: new Date().toISOString() });
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Welcome to Stride, Ada Lovelace.');
    await screen.findByText('Your dashboard fills in as you go');
    expect(screen.getByRole('link', { name: 'Add your first task' }).getAttribute('href')).toBe(
      '/tasks',
    );
    expect(screen.getByRole('link', { name: 'Set a goal' }).getAttribute('href')).toBe('/goals');
    expect(screen.queryByRole('table')).toBeNull();
    screen.getByRole('link', { name: 'Open 0 tasks' });
  });

  it('refetches when goals or tasks change (workData is invalidated)', async () => {
    stubFetch(
      json(summary()),
      json(summary({ counts: { today: 5, overdue: 0, open: 9, done_this_week: 4 } })),
    );
    const { client } = renderDashboard(<DashboardPage />);
    await screen.findByRole('link', { name: 'Due today 2 tasks' });
    await client.invalidateQueries({ queryKey: queryKeys.workData });
    await screen.findByRole('link', { name: 'Due today 5 tasks' });
  });

  it('keeps the account panel when the summary fails, and offers to try again', async () => {
    stubFetch(json({ error: 'Database unavailable', code: 'unavailable' }, 503), json(summary()));
    renderDashboard(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your summary could not be loaded.');
    screen.getByRole('region', { name: 'Account' });
    screen.getByRole('button', { name: 'Log out of all devices' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Due today 2 tasks' });
  });

  it('logs out of all devices from the account panel and lands on /login', async () => {
    stubFetch(json(summary()), json({ ok: true }));
    renderDashboard(<DashboardPage />);
    await screen.findByRole('link', { name: 'Due today 2 tasks' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    await waitFor(() => screen.getByText('at /login'));
  });
});
