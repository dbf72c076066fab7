// Due times, repeat rules and checklists on tasks: stored, bounded,
// and a repeating task's completion recorded while the task moves on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { TestApp } from './helpers.js';
import { appWithClock, signedIn, type User } from './records-helpers.js';

interface Task {
  id: string;
  status: string;
  due_date: string | null;
  due_time: string | null;
  repeat: string | null;
  subtasks: { id: string; title: string; done: boolean }[];
  completed_at: string | null;
  version: number;
}

let t: TestApp;
let clock: { now: number };
let pat: User;
beforeAll(async () => {
  ({ t, clock } = await appWithClock());
});
beforeEach(async () => {
  // Sunday 10 March 2030, noon UTC.
  clock.now = Date.parse('2030-03-10T12:00:00Z');
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

async function create(user: User, body: Record<string, unknown>) {
  return user.browser.request('POST', '/api/tasks/', { body });
}
async function add(user: User, body: Record<string, unknown>): Promise<Task> {
  const res = await create(user, { title: 'A task', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().task;
}
async function patch(user: User, task: Task, body: Record<string, unknown>) {
  return user.browser.request('PATCH', `/api/tasks/${task.id}/`, {
    body: { version: task.version, ...body },
  });
}
async function chart(user: User): Promise<number[]> {
  const res = await user.browser.request('GET', '/api/dashboard/');
  return res.json().completions.map((day: { count: number }) => day.count);
}

describe('due times', () => {
  it('stores a time beside a date, and clears it with the date', async () => {
    const task = await add(pat, { due_date: '2030-03-12', due_time: '09:30' });
    expect(task).toMatchObject({ due_date: '2030-03-12', due_time: '09:30' });
    const cleared = await patch(pat, task, { due_date: null });
    expect(cleared.json().task).toMatchObject({ due_date: null, due_time: null });
  });

  it('refuses a time with no date, and a time that is not HH:MM', async () => {
    const lone = await create(pat, { title: 'x', due_time: '09:30' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().fields).toEqual({ due_time: 'A time needs a due date' });
    for (const due_time of ['9:30', '24:00', '12:60', 'noon']) {
      const res = await create(pat, { title: 'x', due_date: '2030-03-12', due_time });
      expect(res.statusCode, due_time).toBe(400);
    }
  });
});

describe('repeat rules', () => {
  it('starts a repeating task on its first day when no date is given', async () => {
    // The user's today is Sunday the 10th: the first Monday is the 11th.
    const task = await add(pat, { repeat: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(task).toMatchObject({ due_date: '2030-03-11', repeat: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('refuses a rule that fires more than once a day, ends, or is not a rule', async () => {
    for (const [repeat, reason] of [
      ['FREQ=HOURLY', 'A task repeats at most once a day.'],
      ['FREQ=DAILY;BYHOUR=8,20', 'A task repeats at most once a day.'],
      ['FREQ=DAILY;COUNT=5', 'A repeat rule has no start, end or count of its own.'],
      ['every tuesday', 'That repeat rule is not one Stride understands.'],
    ]) {
      const res = await create(pat, { title: 'x', repeat });
      expect(res.statusCode, repeat).toBe(400);
      expect(res.json().fields).toEqual({ repeat: reason });
    }
  });

  it('completing an occurrence records it and moves the task to its next day', async () => {
    const task = await add(pat, { repeat: 'FREQ=WEEKLY;BYDAY=MO', due_date: '2030-03-11' });
    const before = await chart(pat);
    const done = await patch(pat, task, { status: 'done' });
    expect(done.statusCode).toBe(200);
    const moved: Task = done.json().task;
    expect(moved).toMatchObject({
      status: 'todo',
      completed_at: null,
      due_date: '2030-03-18',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      version: 2,
    });
    // The occurrence counts on today's bar of the chart.
    const after = await chart(pat);
    expect(after.at(-1)).toBe((before.at(-1) ?? 0) + 1);
    // The next one moves on again, and counts again.
    const again = await patch(pat, moved, { status: 'done' });
    expect(again.json().task.due_date).toBe('2030-03-25');
    expect((await chart(pat)).at(-1)).toBe((before.at(-1) ?? 0) + 2);
  });

  it('an undo (the day set back right after a completion) takes that completion back, and only it', async () => {
    const task = await add(pat, {
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      due_date: '2030-03-11',
      subtasks: [{ id: 'a', title: 'Pack', done: true }],
    });
    const before = await chart(pat);
    const moved: Task = (await patch(pat, task, { status: 'done' })).json().task;
    expect((await chart(pat)).at(-1)).toBe((before.at(-1) ?? 0) + 1);
    // The client's undo: the fields the completion changed, on the version it made.
    const undone = await patch(pat, moved, { due_date: '2030-03-11', subtasks: task.subtasks });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().task).toMatchObject({
      due_date: '2030-03-11',
      status: 'todo',
      version: 3,
    });
    expect((await chart(pat)).at(-1)).toBe(before.at(-1) ?? 0);
    // Done again, then an edit: setting the day back now is an edit, not an undo.
    const again: Task = (await patch(pat, undone.json().task, { status: 'done' })).json().task;
    clock.now += 60_000;
    const renamed: Task = (await patch(pat, again, { title: 'Renamed' })).json().task;
    await patch(pat, renamed, { due_date: '2030-03-11' });
    expect((await chart(pat)).at(-1)).toBe((before.at(-1) ?? 0) + 1);
  });

  it('"every month" due the 11th comes round on the 11th of next month, as Upcoming shows it', async () => {
    const task = await add(pat, { repeat: 'FREQ=MONTHLY', due_date: '2030-03-11' });
    const upcoming = await pat.browser.request('GET', '/api/tasks/agenda/');
    const shown = upcoming
      .json()
      .entries.filter((entry: { task: Task }) => entry.task.id === task.id)
      .map((entry: { date: string }) => entry.date);
    expect(shown).toEqual(['2030-03-11']);
    const done = (await patch(pat, task, { status: 'done' })).json().task;
    expect(done.due_date).toBe('2030-04-11');
  });

  it('"every! 3 days" comes round three days after it is done, and lists no later day', async () => {
    const task = await add(pat, {
      repeat: 'FREQ=DAILY;INTERVAL=3',
      repeat_from: 'done',
      due_date: '2030-03-08',
    });
    expect(task).toMatchObject({ repeat_from: 'done' });
    // Upcoming lists the rule's later days only for rules counted from the due day.
    const agenda = (await pat.browser.request('GET', '/api/tasks/agenda/')).json();
    expect(agenda.entries.filter((entry: { task: Task }) => entry.task.id === task.id)).toEqual([]);
    // Done two days late: due again three days from today, not from the 8th.
    const done = (await patch(pat, task, { status: 'done' })).json().task;
    expect(done).toMatchObject({ status: 'todo', due_date: '2030-03-13', repeat_from: 'done' });
    // A new rule from an editor that knows nothing of "every!" counts from the due day again.
    const edited = (await patch(pat, done, { repeat: 'FREQ=WEEKLY' })).json().task;
    expect(edited.repeat_from).toBe('due');
  });

  it('moves an overdue repeating task to its next day from today, not into the past', async () => {
    const task = await add(pat, { repeat: 'FREQ=DAILY', due_date: '2030-03-01' });
    const res = await patch(pat, task, { status: 'done' });
    expect(res.json().task.due_date).toBe('2030-03-10');
  });

  it('unticks the checklist for the next occurrence', async () => {
    const task = await add(pat, {
      repeat: 'FREQ=DAILY',
      subtasks: [
        { id: 'a', title: 'Warm up', done: true },
        { id: 'b', title: 'Run', done: false },
      ],
    });
    const res = await patch(pat, task, { status: 'done' });
    expect(res.json().task.subtasks.map((step: { done: boolean }) => step.done)).toEqual([
      false,
      false,
    ]);
  });

  it('stops repeating in one change, and is then completed like any task', async () => {
    const task = await add(pat, { repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' });
    expect(task.due_date).toBe('2030-04-01');
    const stopped = (await patch(pat, task, { repeat: null })).json().task as Task;
    expect(stopped).toMatchObject({ repeat: null, due_date: '2030-04-01' });
    const done = (await patch(pat, stopped, { status: 'done' })).json().task as Task;
    expect(done).toMatchObject({ status: 'done', due_date: '2030-04-01' });
    expect(done.completed_at).not.toBeNull();
  });
});

describe('checklists', () => {
  it('stores the steps in order, with their ticks', async () => {
    const steps = [
      { id: 's1', title: ' Book the venue ', done: true },
      { id: 's2', title: 'Send invites', done: false },
    ];
    const task = await add(pat, { subtasks: steps });
    expect(task.subtasks).toEqual([
      { id: 's1', title: 'Book the venue', done: true },
      { id: 's2', title: 'Send invites', done: false },
    ]);
    const reordered = await patch(pat, task, { subtasks: [...task.subtasks].reverse() });
    expect(reordered.json().task.subtasks.map((step: { id: string }) => step.id)).toEqual([
      's2',
      's1',
    ]);
    const read = await pat.browser.request('GET', `/api/tasks/${task.id}/`);
    expect(read.json().task.subtasks).toHaveLength(2);
  });

  it('refuses a blank step, a repeated id, and more than 50 steps', async () => {
    const blank = await create(pat, {
      title: 'x',
      subtasks: [{ id: 'a', title: '  ', done: false }],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ subtasks: 'Must be 1 to 200 characters' });
    const twice = await create(pat, {
      title: 'x',
      subtasks: [
        { id: 'a', title: 'one', done: false },
        { id: 'a', title: 'two', done: false },
      ],
    });
    expect(twice.json().fields).toEqual({ subtasks: 'Each step needs its own id' });
    const many = Array.from({ length: 51 }, (_, i) => ({
      id: `s${i}`,
      title: 'step',
      done: false,
    }));
    expect((await create(pat, { title: 'x', subtasks: many })).statusCode).toBe(400);
  });
});

describe('GET /api/tasks/agenda/', () => {
  it('lists the next 14 days from tomorrow, with the later days of repeating tasks', async () => {
    const ids: Record<string, string> = {};
    for (const [title, body] of [
      ['in the window', { due_date: '2030-03-12' }],
      ['today', { due_date: '2030-03-10' }],
      ['too far', { due_date: '2030-03-30' }],
      ['done', { due_date: '2030-03-12', status: 'done' }],
      ['daily', { due_date: '2030-03-10', repeat: 'FREQ=DAILY' }],
      ['mondays', { due_date: '2030-03-11', repeat: 'FREQ=WEEKLY;BYDAY=MO' }],
      ['overdue mondays', { due_date: '2030-03-04', repeat: 'FREQ=WEEKLY;BYDAY=MO' }],
    ] as const) {
      clock.now += 1000;
      ids[title] = (await add(pat, { title, ...body })).id;
    }
    const res = await pat.browser.request('GET', '/api/tasks/agenda/');
    expect(res.statusCode).toBe(200);
    const agenda = res.json();
    expect(agenda).toMatchObject({ from: '2030-03-11', to: '2030-03-24', truncated: false });
    const on = (date: string) =>
      agenda.entries
        .filter((entry: { date: string }) => entry.date === date)
        .map(
          (entry: { task: { title: string }; occurrence: boolean }) =>
            `${entry.task.title}${entry.occurrence ? ' (again)' : ''}`,
        );
    expect(on('2030-03-11')).toEqual(['mondays', 'daily (again)', 'overdue mondays (again)']);
    expect(on('2030-03-12')).toEqual(['in the window', 'daily (again)']);
    expect(on('2030-03-18')).toEqual([
      'daily (again)',
      'mondays (again)',
      'overdue mondays (again)',
    ]);
    const titles = agenda.entries.map((entry: { task: { title: string } }) => entry.task.title);
    expect(titles.filter((title: string) => title === 'daily')).toHaveLength(14);
    for (const absent of ['today', 'too far', 'done']) expect(titles).not.toContain(absent);
    // Another user sees none of it.
    const other = await signedIn(t.app);
    expect((await other.browser.request('GET', '/api/tasks/agenda/')).json().entries).toEqual([]);
  });

  it('lists a day by time of day, the untimed after', async () => {
    for (const [title, body] of [
      ['evening', { due_date: '2030-03-12', due_time: '19:00', priority: 'high' }],
      ['untimed', { due_date: '2030-03-12', priority: 'high' }],
      ['morning', { due_date: '2030-03-12', due_time: '08:00' }],
      ['daily at noon', { due_date: '2030-03-10', due_time: '12:00', repeat: 'FREQ=DAILY' }],
    ] as const) {
      clock.now += 1000;
      await add(pat, { title, ...body });
    }
    const { entries } = (await pat.browser.request('GET', '/api/tasks/agenda/')).json();
    const titles = entries
      .filter((entry: { date: string }) => entry.date === '2030-03-12')
      .map((entry: { task: { title: string } }) => entry.task.title);
    expect(titles).toEqual(['morning', 'daily at noon', 'evening', 'untimed']);
  });
});
