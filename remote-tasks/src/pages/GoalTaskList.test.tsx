import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fakeApi, json, testGoal } from '@stride/shared/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASKS_COPY } from '../features/tasks/copy';
import { noGoals, page, renderPage, task } from '../test/render';
import GoalTaskList from './GoalTaskList';

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('GoalTaskList (the goal page’s tasks slot)', () => {
  it('lists the goal’s tasks with the Tasks page’s own rows, and adds new ones to the goal', async () => {
    const user = userEvent.setup();
    let tasks = [
      task('a', { goal_id: 'g1', priority: 'high', due_date: '2030-03-12', due_time: '08:00' }),
    ];
    const { calls } = fakeApi({
      'GET /goals/': () =>
        json({ items: [testGoal('g1', { title: 'Run a half marathon' })], next_cursor: null }),
      'GET /tasks/': () => page(tasks),
      'POST /tasks/': ({ body }) => {
        tasks = [task('n', { ...(body as object), goal_id: 'g1' }), ...tasks];
        return json({ task: tasks[0] }, 201);
      },
    });
    renderPage(<GoalTaskList goalId="g1" />);
    const row = await screen.findByTestId('task-row');
    // The full row: priority, time and the editor's button, as on the Tasks page.
    expect(row.textContent).toContain('08:00');
    expect(row.textContent).toContain('High');
    within(row).getByRole('button', { name: 'Task a' });
    const list = calls.find(
      (call) => call.method === 'GET' && call.url.pathname.endsWith('/tasks/'),
    );
    expect(list?.url.searchParams.get('goal_id')).toBe('g1');

    await user.type(screen.getByLabelText(TASKS_COPY.quickAddLabel), 'Run 5 km{Enter}');
    await screen.findByRole('button', { name: 'Run 5 km' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Run 5 km',
      goal_id: 'g1',
    });
    // The goal's own name is not repeated on each of its rows.
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname.endsWith('/goals/'))).toBe(true),
    );
    expect(screen.queryByText(/Run a half marathon/)).toBeNull();
  });

  it('says how to start when the goal has no tasks', async () => {
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([]) });
    renderPage(<GoalTaskList goalId="g1" />);
    await screen.findByText('No tasks yet');
    expect(screen.queryByText(TASKS_COPY.noMatchTitle)).toBeNull();
  });
});
