import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fakeApi, json, readsOf } from '@stride/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GOALS_COPY } from '../features/goals/copy';
import { makeGoal, page } from '../test/fixtures';
import { renderGoalsPage, resetPage, searchOf } from '../test/render-page';
import firstRequests from './first-requests.json';

afterEach(() => {
  resetPage();
  rs.unstubAllGlobals();
});

describe('GoalsPage list', () => {
  it('asks first for exactly the reads its release names (first-requests.json)', async () => {
    const { calls } = fakeApi({ 'GET /goals/?status=active': json(page([makeGoal()])) });
    renderGoalsPage();
    await screen.findByTestId('goal-card');
    await waitFor(() => expect(readsOf(calls)).toEqual([...firstRequests.GoalsPage].sort()));
  });

  it('shows a skeleton, then each goal with its progress', async () => {
    fakeApi({
      'GET /goals/?status=active': json(
        page([makeGoal({ progress: { done: 2, total: 5 }, target_date: '2099-05-01' })]),
      ),
    });
    renderGoalsPage();
    expect(screen.getByRole('status').textContent).toContain(GOALS_COPY.loading);
    const card = await screen.findByTestId('goal-card');
    expect(
      within(card).getByRole('link', { name: 'Run a half marathon' }).getAttribute('href'),
    ).toBe('/goals?goal=g1');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '2 of 5 done',
    );
    within(card).getByText('2 of 5 tasks done');
    expect(within(card).getByText(/Target/).textContent).toMatch(/2099/);
  });

  it('tells a new user what goals are for and opens the form from the empty state', async () => {
    fakeApi({ 'GET /goals/?status=active': json(page([])) });
    renderGoalsPage();
    await screen.findByText(GOALS_COPY.empty.active.title);
    fireEvent.click(screen.getByRole('button', { name: 'Create your first goal' }));
    const title = screen.getByLabelText('Title');
    expect(document.activeElement).toBe(title);
  });

  it('switches tabs with clicks and arrow keys, keeping the tab in the address', async () => {
    fakeApi({
      'GET /goals/?status=active': json(page([makeGoal()])),
      'GET /goals/?status=completed': json(
        page([makeGoal({ id: 'g2', title: 'Read 12 books', status: 'completed' })]),
      ),
      'GET /goals/?status=archived': json(page([])),
    });
    const { router } = renderGoalsPage();
    await screen.findByRole('link', { name: 'Run a half marathon' });
    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    await screen.findByRole('link', { name: 'Read 12 books' });
    expect(searchOf(router)).toBe('?status=completed');
    expect(screen.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    screen.getByRole('button', { name: 'Reopen Read 12 books' });

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Completed' }), { key: 'ArrowRight' });
    await screen.findByText(GOALS_COPY.empty.archived.title);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Archived' }));
    expect(searchOf(router)).toBe('?status=archived');
  });

  it('shows a load error with a retry that works', async () => {
    const api = fakeApi({
      'GET /goals/?status=active': [
        json({ error: 'down', code: 'unavailable' }, 503),
        json(page([makeGoal()])),
      ],
    });
    renderGoalsPage();
    await screen.findByText(GOALS_COPY.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: GOALS_COPY.tryAgain }));
    await screen.findByRole('link', { name: 'Run a half marathon' });
    expect(api.callsTo('GET /goals/?status=active')).toHaveLength(2);
  });

  it('loads the next page on request', async () => {
    fakeApi({
      'GET /goals/?status=active': json(page([makeGoal()], 'next')),
      'GET /goals/?status=active&cursor=next': json(
        page([makeGoal({ id: 'g2', title: 'Ship v2' })]),
      ),
    });
    renderGoalsPage();
    fireEvent.click(await screen.findByRole('button', { name: GOALS_COPY.loadMore }));
    await screen.findByRole('link', { name: 'Ship v2' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: GOALS_COPY.loadMore })).toBeNull(),
    );
  });
});
