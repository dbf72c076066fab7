import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { CONFLICT_COPY, TASK_COPY, type Task } from '@stride/shared';
import { addDays, todayIn } from '@stride/shared/calendar-day';
import {
  type ApiCall,
  fakeApi,
  json,
  readsOf,
  recordErrorToasts,
  testUser,
} from '@stride/shared/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { TASKS_COPY } from '../features/tasks/copy';
import { noGoals, page, renderPage, task } from '../test/render';
import firstRequests from './first-requests.json';
import TasksPage from './TasksPage';

let errors: string[];
beforeEach(() => {
  errors = recordErrorToasts();
});

afterEach(() => {
  cleanup();
  toast.remove();
  rs.unstubAllGlobals();
});

const rows = () => screen.queryAllByTestId('task-row');
const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname.endsWith('/tasks/'));

describe('first reads', () => {
  it('asks first for exactly the reads its release names (first-requests.json)', async () => {
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task('a')]),
      'GET /labels/': json({ items: [] }),
      'GET /views/': json({ items: [] }),
    });
    renderPage(<TasksPage />);
    await screen.findByText('Task a');
    await waitFor(() => expect(readsOf(calls)).toEqual([...firstRequests.TasksPage].sort()));
  });
});

describe('quick add', () => {
  it('adds a task on Enter, clears the field for the next one, and shows it', async () => {
    const user = userEvent.setup();
    let tasks = [task('a')];
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page(tasks),
      'POST /tasks/': ({ body }) => {
        tasks = [task('n', { title: (body as { title: string }).title }), ...tasks];
        return json({ task: tasks[0] }, 201);
      },
    });
    renderPage(<TasksPage />);
    await screen.findByText('Task a');
    const input = screen.getByLabelText(TASKS_COPY.quickAddLabel);
    await user.type(input, '  Buy milk {Enter}');
    expect(input).toHaveProperty('value', '');
    await screen.findByRole('button', { name: 'Buy milk' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Buy milk' });
    expect(screen.getByRole('status').textContent).toBe(TASKS_COPY.added('Buy milk'));
  });

  it('refuses an empty title without a request', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([]) });
    renderPage(<TasksPage />);
    await screen.findByText(TASKS_COPY.emptyTitle);
    await user.type(screen.getByLabelText(TASKS_COPY.quickAddLabel), '   {Enter}');
    await screen.findByText(TASKS_COPY.titleRequired);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts a refused title back into the field with the reason', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([]),
      'POST /tasks/': () =>
        json({ error: 'Invalid', code: 'invalid', fields: { title: 'Too odd.' } }, 400),
    });
    renderPage(<TasksPage />);
    await screen.findByText(TASKS_COPY.emptyTitle);
    const input = screen.getByLabelText(TASKS_COPY.quickAddLabel);
    await user.type(input, 'Odd task{Enter}');
    await waitFor(() => expect(input).toHaveProperty('value', 'Odd task'));
    screen.getByText(`${TASKS_COPY.notAdded('Odd task')} Too odd.`);
  });

  it('files new tasks under the goal the list is filtered by', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([]),
      'POST /tasks/': ({ body }) => json({ task: task('n', body as object) }, 201),
    });
    renderPage(<TasksPage />, '/tasks?goal=g7');
    await screen.findByText(TASKS_COPY.noMatchTitle);
    await user.type(screen.getByLabelText(TASKS_COPY.quickAddLabel), 'Stretch{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Stretch',
        goal_id: 'g7',
      }),
    );
  });

  it('sends the reminders the line asks for', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([]),
      'POST /tasks/': ({ body }) => json({ task: task('n', body as object) }, 201),
    });
    renderPage(<TasksPage />);
    await screen.findByText(TASKS_COPY.emptyTitle);
    await user.type(
      screen.getByLabelText(TASKS_COPY.quickAddLabel),
      'Stretch @gym remind me 30m before{Enter}',
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Stretch',
        labels: ['gym'],
        reminders: [{ before_minutes: 30 }],
      }),
    );
  });
});

describe('quick add in Today and Upcoming', () => {
  const today = () => todayIn(testUser.timezone);
  const agendaEmpty = () => json({ from: '', to: '', entries: [], truncated: false });

  it.each([
    ['/tasks?view=today', 0],
    ['/tasks?view=upcoming', 1],
  ])('in %s an undated task takes the view’s first day', async (at, daysAhead) => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([]),
      'GET /tasks/agenda/': agendaEmpty,
      'POST /tasks/': ({ body }) => json({ task: task('n', body as object) }, 201),
    });
    renderPage(<TasksPage />, at);
    await user.type(await screen.findByLabelText(TASKS_COPY.quickAddLabel), 'Stretch{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Stretch',
        due_date: addDays(today(), daysAhead),
      }),
    );
    expect(screen.queryByText(/it is in/)).toBeNull();
  });

  it('says where a task went when its date takes it out of the view', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([]),
      'POST /tasks/': ({ body }) => json({ task: task('n', body as object) }, 201),
    });
    renderPage(<TasksPage />, '/tasks?view=today');
    await user.type(
      await screen.findByLabelText(TASKS_COPY.quickAddLabel),
      'Call the bank in 3 days{Enter}',
    );
    await screen.findByText(/“Call the bank” is due .*: it is in Upcoming\./);
  });
});

describe('filters live in the URL', () => {
  it('asks the API for the view in the address, and writes changes back', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a')]) });
    const { router } = renderPage(<TasksPage />, '/tasks?status=done&due=overdue');
    await screen.findByText('Task a');
    expect(listCalls(calls)[0]?.url.search).toBe('?sort=position&status=done&due=overdue&limit=50');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'done');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'priority');
    expect(router.state.location.search).toBe('?status=done&due=overdue&sort=priority');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url.searchParams.get('sort')).toBe('priority'),
    );

    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(router.state.location.search).toBe('?due=overdue&sort=priority');
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveProperty('value', 'done'));
  });

  it('searches after a pause in typing', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a')]) });
    const { router } = renderPage(<TasksPage />);
    await screen.findByText('Task a');
    await user.type(screen.getByLabelText('Search tasks'), 'milk');
    await waitFor(() => expect(router.state.location.search).toBe('?q=milk'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('q')).toBe('milk'));
    expect(listCalls(calls).some((call) => call.url.searchParams.get('q') === 'mil')).toBe(false);
  });

  it('offers to clear filters when nothing matches', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': ({ url }) => page(url.searchParams.has('q') ? [] : [task('a')]),
    });
    const { router } = renderPage(<TasksPage />, '/tasks?q=zebra&sort=priority');
    await user.click(await screen.findByRole('button', { name: TASKS_COPY.clearFilters }));
    expect(router.state.location.search).toBe('?sort=priority');
    await screen.findByText('Task a');
    expect(screen.getByLabelText('Search tasks')).toHaveProperty('value', '');
  });
});

describe('mark done', () => {
  it('shows done at once and rolls back with a message when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse: () => void = () => undefined;
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task('a', { title: 'Call mum' })]),
      'PATCH /tasks/a/': () =>
        new Promise((resolve) => {
          refuse = () => resolve(json({ error: 'Server trouble', code: 'x' }, 503));
        }),
    });
    renderPage(<TasksPage />);
    const box = await screen.findByRole('checkbox', { name: 'Done: Call mum' });
    await user.click(box);
    expect(box).toHaveProperty('checked', true);
    act(() => refuse());
    await waitFor(() => expect(box).toHaveProperty('checked', false));
    expect(errors).toEqual([`${TASK_COPY.updateRolledBack('Call mum')} Server trouble`]);
  });
});

describe('steps from the row', () => {
  it('opens a task’s steps under its row and ticks one without the editor', async () => {
    const user = userEvent.setup();
    const subtasks = [
      { id: 's1', title: 'Stretch', done: false },
      { id: 's2', title: 'Run', done: false },
    ];
    const patches: unknown[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task('stepped', { title: 'Long run', subtasks })]),
      'PATCH /tasks/stepped/': ({ body }) => {
        patches.push(body);
        return json({
          task: task('stepped', { title: 'Long run', ...(body as object), version: 2 }),
        });
      },
    });
    renderPage(<TasksPage />);
    const chip = await screen.findByRole('button', { name: /Steps: 0 of 2 steps done/ });
    await user.click(chip);
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Stretch' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { subtasks: [{ ...subtasks[0], done: true }, subtasks[1]], version: 1 },
      ]),
    );
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });
});

describe('inline edit', () => {
  /** Task `id` titled "Old title"; the first save meets `theirs` (409), the next one saves. */
  function conflictOnFirstSave(id: string, theirs: Task) {
    const patches: unknown[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task(id, { title: 'Old title' })]),
      [`PATCH /tasks/${id}/`]: ({ body }) => {
        patches.push(body);
        return patches.length === 1
          ? json({ error: 'Changed', code: 'version_conflict', current: theirs }, 409)
          : json({ task: { ...theirs, title: 'My title', version: 6 } });
      },
    });
    return patches;
  }

  /** Opens the editor of "Old title" and saves it as "My title"; returns the title field. */
  async function retitle(user: ReturnType<typeof userEvent.setup>) {
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Old title' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.clear(title);
    await user.type(title, 'My title{Enter}');
    return title;
  }

  it('on a conflict takes their other changes, shows both titles, and can save mine over theirs', async () => {
    const user = userEvent.setup();
    const patches = conflictOnFirstSave(
      'a',
      task('a', { title: 'Their title', notes: 'Their notes', version: 5 }),
    );
    const title = await retitle(user);

    const panel = await screen.findByRole('alert', { name: CONFLICT_COPY.title('task') });
    // Both changed the title: both shown. Only they changed the notes: taken, not asked.
    within(panel).getByText('My title');
    within(panel).getByText('Their title');
    expect(within(panel).queryByText('Their notes')).toBeNull();
    expect(title).toHaveProperty('value', 'My title');
    expect(screen.getByLabelText('Notes')).toHaveProperty('value', 'Their notes');
    expect(patches[0]).toEqual({ title: 'My title', version: 1 });

    await user.click(within(panel).getByRole('button', { name: CONFLICT_COPY.keepMine }));
    await waitFor(() => expect(screen.queryByLabelText('Title')).toBeNull());
    expect(patches[1]).toEqual({ title: 'My title', version: 5 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'My title' }));
  });

  it('merges an edit of other fields by itself: no question, both changes saved', async () => {
    // Another task than the test above: the write queue remembers versions per task.
    const user = userEvent.setup();
    const patches = conflictOnFirstSave(
      'b',
      task('b', { title: 'Old title', notes: 'Their notes', version: 5 }),
    );
    await retitle(user);
    await waitFor(() => expect(screen.queryByLabelText('Title')).toBeNull());
    expect(patches).toEqual([
      { title: 'My title', version: 1 },
      { title: 'My title', version: 5 },
    ]);
    expect(screen.queryByRole('alert', { name: CONFLICT_COPY.title('task') })).toBeNull();
  });

  it('keeps what was typed when the title is empty', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a')]) });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    await user.type(screen.getByLabelText('Notes'), 'Remember the receipt');
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    screen.getByText(TASKS_COPY.titleRequired);
    expect(screen.getByLabelText('Notes')).toHaveProperty('value', 'Remember the receipt');
  });

  it('Escape closes the editor and puts focus back on the task', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a')]) });
    renderPage(<TasksPage />);
    const title = await screen.findByRole('button', { name: 'Task a' });
    await user.click(title);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('delete', () => {
  it('removes the task and Undo brings it back', async () => {
    const user = userEvent.setup();
    let deleted = false;
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page(deleted ? [] : [task('a')]),
      'DELETE /tasks/a/': () => {
        deleted = true;
        return json({ task: task('a') });
      },
      'POST /tasks/a/restore/': () => {
        deleted = false;
        return json({ task: task('a') });
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete “Task a”' }));
    expect(rows()).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByRole('button', { name: 'Task a' });
  });
});

describe('keyboard shortcuts', () => {
  it('n starts a task, / searches, ? shows the help, and none fire while typing', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a')]) });
    renderPage(<TasksPage />);
    await screen.findByText('Task a');
    await user.keyboard('/');
    const search = screen.getByLabelText('Search tasks');
    expect(document.activeElement).toBe(search);
    expect(search).toHaveProperty('value', '');
    await user.keyboard('n');
    expect(document.activeElement).toBe(search);
    expect(search).toHaveProperty('value', 'n');
    await user.clear(search);
    act(() => search.blur());
    await user.keyboard('n');
    expect(document.activeElement).toBe(screen.getByLabelText(TASKS_COPY.quickAddLabel));
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('?');
    screen.getByRole('region', { name: TASKS_COPY.shortcuts });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: TASKS_COPY.shortcuts })).toBeNull();
  });

  it('j and k move through the tasks, and Enter opens the one in focus', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a'), task('b')]) });
    renderPage(<TasksPage />);
    await screen.findByText('Task a');
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Task a' }));
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Task b' }));
    await user.keyboard('k');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Task a' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Task a' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});

describe('pages', () => {
  it('loads the next page of 50 on request and says when all are shown', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 50 }, (_, i) => task(`a${i}`));
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': ({ url }) =>
        url.searchParams.get('cursor') === 'p2' ? page([task('last')]) : page(first, 'p2'),
    });
    renderPage(<TasksPage />);
    await screen.findByText('Task a0');
    await user.click(screen.getByRole('button', { name: TASKS_COPY.loadMore }));
    await screen.findByText('Task last');
    expect(rows()).toHaveLength(51);
    screen.getByText(TASKS_COPY.allLoaded(51));
    expect(listCalls(calls)).toHaveLength(2);
  });
});

describe('your own order', () => {
  const titles = () => rows().map((row) => within(row).getAllByRole('button')[1]?.textContent);

  it('moves a task with Alt + ↑, says where, keeps the focus, and sends one key between its neighbours', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [task('a'), task('b'), task('c')];
    const patches: { position?: string; version: number }[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a, b, c] as Task[]),
      'PATCH /tasks/c/': ({ body }) => {
        const patch = body as { position: string; version: number };
        patches.push(patch);
        return json({ task: { ...c, position: patch.position, version: 2 } });
      },
    });
    renderPage(<TasksPage />);
    const title = await screen.findByRole('button', { name: 'Task c' });
    expect(titles()).toEqual(['Task a', 'Task b', 'Task c']);
    title.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    // At once, before the server answers: the list follows the new key.
    expect(titles()).toEqual(['Task a', 'Task c', 'Task b']);
    expect(screen.getByRole('status').textContent).toBe(TASKS_COPY.moved('Task c', 2, 3));
    await waitFor(() => expect(patches).toHaveLength(1));
    const position = patches[0]?.position as string;
    expect(position > (a as Task).position && position < (b as Task).position).toBe(true);
    expect(patches[0]?.version).toBe(1);
    await waitFor(() => expect(document.activeElement).toBe(title));
    // At the top already: Alt + ↑ on the first task sends nothing.
    screen.getByRole('button', { name: 'Task a' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(patches).toHaveLength(1);
  });

  it('sends a move again on the version the server has, when another change came first', async () => {
    const user = userEvent.setup();
    const [a, b] = [task('a'), task('b', { title: 'Pay rent' })];
    const versions: number[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a, b] as Task[]),
      'PATCH /tasks/b/': ({ body }) => {
        const patch = body as { position: string; version: number };
        versions.push(patch.version);
        const current = { ...b, title: 'Pay the rent', version: 4 };
        if (patch.version !== 4) {
          return json({ error: 'changed', code: 'version_conflict', current }, 409);
        }
        return json({ task: { ...current, position: patch.position, version: 5 } });
      },
    });
    renderPage(<TasksPage />);
    (await screen.findByRole('button', { name: 'Pay rent' })).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(versions).toEqual([1, 4]));
    await waitFor(() => expect(titles()).toEqual(['Pay the rent', 'Task a']));
    expect(errors).toEqual([]);
  });

  it('offers a handle only in your own order', async () => {
    fakeApi({ 'GET /goals/': noGoals, 'GET /tasks/': () => page([task('a'), task('b')]) });
    const { router } = renderPage(<TasksPage />);
    await screen.findByRole('button', { name: TASKS_COPY.moveHandle('Task a') });
    act(() => void router.navigate('/tasks?sort=priority'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: TASKS_COPY.moveHandle('Task a') })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Task a' })).toBeTruthy();
  });
});

describe('two quick moves', () => {
  it('start each from where the last one left the task', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [task('a'), task('b'), task('c')];
    const sent: string[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a, b, c] as Task[]),
      'PATCH /tasks/a/': ({ body }) => {
        const patch = body as { position: string; version: number };
        sent.push(patch.position);
        return json({ task: { ...a, position: patch.position, version: patch.version + 1 } });
      },
    });
    renderPage(<TasksPage />);
    (await screen.findByRole('button', { name: 'Task a' })).focus();
    await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as string) > (c as Task).position).toBe(true);
    await waitFor(() => expect(rows().map((row) => row.dataset.taskId)).toEqual(['b', 'c', 'a']));
  });
});

describe('undo', () => {
  const patches = (calls: ApiCall[]) =>
    calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

  it('Ctrl-Z takes back a tick, on the version it made; the toast offers the same', async () => {
    const user = userEvent.setup();
    const a = task('u1', { title: 'Call mum' });
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a]),
      'PATCH /tasks/u1/': ({ body }) => {
        const patch = body as Partial<Task> & { version: number };
        return json({ task: { ...a, ...patch, version: patch.version + 1 } });
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Call mum' }));
    await screen.findByText(TASKS_COPY.completed('Call mum'));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toEqual({ status: 'todo', version: 2 });
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Done: Call mum' })).toHaveProperty(
        'checked',
        false,
      ),
    );
    await screen.findByText(TASKS_COPY.undone('Call mum'));
    // Nothing left to undo: a second Ctrl-Z sends nothing.
    await user.keyboard('{Control>}z{/Control}');
    expect(patches(calls)).toHaveLength(2);
  });

  it('Ctrl-Z pressed before the server has answered a change waits and takes that change back', async () => {
    const user = userEvent.setup();
    const a = task('u9', { title: 'Call mum' });
    let answer: () => void = () => {};
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a]),
      'PATCH /tasks/u9/': ({ body }) => {
        const patch = body as Partial<Task> & { version: number };
        const reply = json({ task: { ...a, ...patch, version: patch.version + 1 } });
        // The tick's answer is held back; the undo's comes at once.
        if (patch.status !== 'done') return reply;
        return new Promise<Response>((resolve) => {
          answer = () => resolve(reply);
        });
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Call mum' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    await user.keyboard('{Control>}z{/Control}');
    expect(patches(calls)).toHaveLength(1);
    answer();
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toEqual({ status: 'todo', version: 2 });
  });

  it('leaves a text field’s own Ctrl-Z alone', async () => {
    const user = userEvent.setup();
    const a = task('u2', { title: 'Call mum' });
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a]),
      'PATCH /tasks/u2/': ({ body }) => json({ task: { ...a, ...(body as object), version: 2 } }),
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Call mum' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    await user.click(screen.getByLabelText(TASKS_COPY.quickAddLabel));
    await user.keyboard('{Control>}z{/Control}');
    expect(patches(calls)).toHaveLength(1);
  });

  it('an undo after a change made elsewhere meets the conflict rule and says so', async () => {
    const user = userEvent.setup();
    const a = task('u3', { title: 'Call mum', priority: 'none' });
    let versions: number[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([a]),
      'PATCH /tasks/u3/': ({ body }) => {
        const patch = body as Partial<Task> & { version: number };
        versions = [...versions, patch.version];
        if (versions.length === 1) return json({ task: { ...a, ...patch, version: 2 } });
        // Someone else renamed it since: version 3 on the server.
        const current = { ...a, status: 'done', title: 'Call mum tonight', version: 3 };
        return json({ error: 'changed', code: 'version_conflict', current }, 409);
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Call mum' }));
    await waitFor(() => expect(versions).toEqual([1]));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(errors).toEqual([TASKS_COPY.notUndoneChanged('Call mum')]));
    expect(versions).toEqual([1, 2]);
  });

  it('Ctrl-Z restores a deleted task', async () => {
    const user = userEvent.setup();
    let gone = false;
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page(gone ? [] : [task('u4', { title: 'Call mum' })]),
      'DELETE /tasks/u4/': () => {
        gone = true;
        return json({ task: task('u4') });
      },
      'POST /tasks/u4/restore/': () => {
        gone = false;
        return json({ task: task('u4') });
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete “Call mum”' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname.endsWith('/tasks/u4/restore/'))).toBe(true),
    );
    await screen.findByRole('button', { name: 'Call mum' });
  });
});
