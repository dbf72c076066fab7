import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { provideSlot } from '@stride/shared';
import { fakeApi, json } from '@stride/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeGoal, makeTask, page } from '../../test/fixtures';
import { renderGoalsPage, resetPage, searchOf } from '../../test/render-page';
import { GOALS_COPY } from '../goals/copy';

afterEach(() => {
  resetPage();
  rs.unstubAllGlobals();
});

const TASKS = 'GET /tasks/?goal_id=g1&limit=50';

describe('GoalDetail', () => {
  it('shows the tasks part the host provides (the Tasks page’s own list) in place of its own', async () => {
    provideSlot('goalTasks', ({ goalId }) => <p data-testid="tasks-part">{goalId}</p>);
    try {
      const api = fakeApi({ 'GET /goals/g1/': json({ goal: makeGoal() }) });
      renderGoalsPage('/goals?goal=g1');
      expect((await screen.findByTestId('tasks-part')).textContent).toBe('g1');
      screen.getByRole('heading', { level: 2, name: 'Tasks' });
      expect(screen.queryByRole('form', { name: 'Add a task to this goal' })).toBeNull();
      expect(api.calls.some((call) => call.url.pathname.endsWith('/tasks/'))).toBe(false);
    } finally {
      provideSlot('goalTasks', undefined);
    }
  });

  it('shows the goal and its tasks, open ones first', async () => {
    fakeApi({
      'GET /goals/g1/': json({
        goal: makeGoal({ description: 'Spring race', progress: { done: 1, total: 2 } }),
      }),
      [TASKS]: json(
        page([
          makeTask({ id: 't1', title: 'Buy shoes', status: 'done' }),
          makeTask({ id: 't2', title: 'Run 5 km' }),
        ]),
      ),
    });
    renderGoalsPage('/goals?goal=g1');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Run a half marathon' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    screen.getByText('Spring race');
    expect(screen.getByTestId('goal-progress').textContent).toBe('1 of 2 tasks done');
    await screen.findByLabelText('Run 5 km');
    const labels = screen
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual(['Run 5 km', 'Buy shoes']);
    expect((screen.getByLabelText('Buy shoes') as HTMLInputElement).checked).toBe(true);
  });

  it('adds a task to the goal, and the goal’s progress follows', async () => {
    const api = fakeApi({
      'GET /goals/g1/': [
        json({ goal: makeGoal() }),
        json({ goal: makeGoal({ progress: { done: 0, total: 1 } }) }),
      ],
      [TASKS]: [json(page([])), json(page([makeTask({ title: 'Run 5 km' })]))],
      'POST /tasks/': json({ task: makeTask({ title: 'Run 5 km' }) }, 201),
    });
    renderGoalsPage('/goals?goal=g1');
    await screen.findByText('No tasks yet', { selector: 'p' });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await screen.findByText('Name the task.');
    fireEvent.change(screen.getByLabelText('New task'), { target: { value: 'Run 5 km' } });
    fireEvent.change(screen.getByLabelText('Due date (optional)'), {
      target: { value: '2099-03-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await screen.findByLabelText('Run 5 km');
    expect(api.callsTo('POST /tasks/')[0]?.body).toEqual({
      title: 'Run 5 km',
      due_date: '2099-03-01',
      goal_id: 'g1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('goal-progress').textContent).toBe('0 of 1 task done'),
    );
    expect((screen.getByLabelText('New task') as HTMLInputElement).value).toBe('');
  });

  it('reads the line as quick add does, reminders included; a picked day wins over its day and time', async () => {
    const api = fakeApi({
      'GET /goals/g1/': json({ goal: makeGoal() }),
      [TASKS]: json(page([])),
      'POST /tasks/': json({ task: makeTask({ title: 'Long run' }) }, 201),
    });
    renderGoalsPage('/goals?goal=g1');
    fireEvent.change(await screen.findByLabelText('New task'), {
      target: { value: 'Long run tomorrow 8am p2 remind 1 day before' },
    });
    fireEvent.change(screen.getByLabelText('Due date (optional)'), {
      target: { value: '2099-03-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() =>
      expect(api.callsTo('POST /tasks/')[0]?.body).toEqual({
        title: 'Long run',
        due_date: '2099-03-01',
        priority: 'medium',
        goal_id: 'g1',
        reminders: [{ before_minutes: 1440 }],
      }),
    );
  });

  it('keeps a task that could not be added', async () => {
    fakeApi({
      'GET /goals/g1/': json({ goal: makeGoal() }),
      [TASKS]: json(page([])),
      'POST /tasks/': json(
        { error: 'Invalid', code: 'invalid', fields: { title: 'Too long' } },
        400,
      ),
    });
    renderGoalsPage('/goals?goal=g1');
    fireEvent.change(await screen.findByLabelText('New task'), { target: { value: 'Run 5 km' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await screen.findByText('Too long');
    expect((screen.getByLabelText('New task') as HTMLInputElement).value).toBe('Run 5 km');
  });

  it('ticks a task done and the progress moves without a reload', async () => {
    const api = fakeApi({
      'GET /goals/g1/': [
        json({ goal: makeGoal({ progress: { done: 0, total: 1 } }) }),
        json({ goal: makeGoal({ progress: { done: 1, total: 1 } }) }),
      ],
      [TASKS]: json(page([makeTask({ version: 3 })])),
      'PATCH /tasks/t1/': json({ task: makeTask({ status: 'done', version: 4 }) }),
    });
    renderGoalsPage('/goals?goal=g1');
    fireEvent.click(await screen.findByLabelText('Run 5 km'));
    await waitFor(() =>
      expect(screen.getByTestId('goal-progress').textContent).toBe('1 of 1 task done'),
    );
    expect(api.callsTo('PATCH /tasks/t1/')[0]?.body).toEqual({ status: 'done', version: 3 });
  });

  it('says so when the goal is gone, with a way back', async () => {
    fakeApi({
      'GET /goals/zz/': json({ error: 'Not found', code: 'not_found' }, 404),
      'GET /tasks/?goal_id=zz&limit=50': json(page([])),
    });
    renderGoalsPage('/goals?status=archived&goal=zz');
    await screen.findByText(GOALS_COPY.notFound);
    expect(screen.getByRole('link', { name: /All goals/ }).getAttribute('href')).toBe(
      '/goals?status=archived',
    );
  });

  it('deletes a goal with its tasks after asking, goes back to the list, and Undo restores it', async () => {
    const goal = makeGoal({ progress: { done: 1, total: 2 } });
    let restored = false;
    const api = fakeApi({
      'GET /goals/g1/': json({ goal }),
      [TASKS]: json(page([])),
      'DELETE /goals/g1/?delete_tasks=true': json({ goal }),
      'GET /goals/?status=active': () => json(page(restored ? [goal] : [])),
      'POST /goals/g1/restore/': () => {
        restored = true;
        return json({ goal });
      },
    });
    const { router } = renderGoalsPage('/goals?goal=g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Run a half marathon' }));
    const choice = screen.getByRole('group', {
      name: /Delete “Run a half marathon”\? It has 2 tasks/,
    });
    expect(document.activeElement).toBe(
      within(choice).getByRole('button', { name: 'Delete goal, keep 2 tasks' }),
    );
    fireEvent.click(within(choice).getByRole('button', { name: 'Delete goal and 2 tasks' }));
    await waitFor(() => expect(searchOf(router)).toBe(''));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByRole('link', { name: 'Run a half marathon' });
    expect(api.callsTo('POST /goals/g1/restore/')).toHaveLength(1);
  });

  it('completes a goal, and Undo reopens it', async () => {
    const api = fakeApi({
      'GET /goals/g1/': [
        json({ goal: makeGoal({ version: 2 }) }),
        json({ goal: makeGoal({ status: 'completed', version: 3 }) }),
        json({ goal: makeGoal({ version: 4 }) }),
      ],
      [TASKS]: json(page([])),
      'PATCH /goals/g1/': [
        json({ goal: makeGoal({ status: 'completed', version: 3 }) }),
        json({ goal: makeGoal({ status: 'active', version: 4 }) }),
      ],
    });
    renderGoalsPage('/goals?goal=g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Run a half marathon' }));
    await screen.findByText('Goal completed');
    await screen.findByRole('button', { name: 'Reopen Run a half marathon' });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('button', { name: 'Complete Run a half marathon' });
    expect(api.callsTo('PATCH /goals/g1/').map((call) => call.body)).toEqual([
      { status: 'completed', version: 2 },
      { status: 'active', version: 3 },
    ]);
  });
});
