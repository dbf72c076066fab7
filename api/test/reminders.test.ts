// Reminders (docs/architecture.md §4, "Reminders"): written with their task,
// armed for their time in the user's zone, sent once by the scheduler (to the
// user's open tabs through the change feed, and by every other delivery),
// never lost to an instance that died holding them. Runs on SQLite and, with
// STRIDE_TEST_POSTGRES_URL, on PostgreSQL (with and without Redis).
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { ReminderNotice } from '@stride/shared/reminders';
import { readMessage } from '../src/plugins/app/change-feed.js';
import { makeApp, POSTGRES_SERVER, type TestApp } from './helpers.js';
import { appWithClock, expectSessionRequired, signedIn, type User } from './records-helpers.js';

interface Task {
  id: string;
  status: string;
  due_date: string | null;
  due_time: string | null;
  reminders: ({ at: string } | { before_minutes: number })[];
  version: number;
}

let t: TestApp;
let clock: { now: number };
/** What the scheduler sent, in order. */
const sent: { userId: string; notice: ReminderNotice }[] = [];
/** What reached the change feed, which carries reminders to the open tabs. */
const toTabs: ReminderNotice[] = [];

beforeAll(async () => {
  ({ t, clock } = await appWithClock('2030-03-10T12:00:00Z'));
  t.app.reminders.deliveries.push(async (userId, notice) => {
    sent.push({ userId, notice });
  });
  t.app.changes.listen((message) => {
    if (message.type === 'reminder') toTabs.push(message.notice);
  });
});
afterAll(() => t.close());

const at = (iso: string) => {
  clock.now = Date.parse(iso);
};

async function add(user: User, body: Record<string, unknown>): Promise<Task> {
  const res = await user.browser.request('POST', '/api/tasks/', {
    body: { title: 'Call the dentist', ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().task;
}

async function patch(user: User, task: Task, body: Record<string, unknown>): Promise<Task> {
  const res = await user.browser.request('PATCH', `/api/tasks/${task.id}/`, {
    body: { version: task.version, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json().task;
}

let seen = 0;
/**
 * One look of the scheduler; what was sent to `user` since the last look
 * (the app's own timer may have looked in between, at the same clock).
 */
async function look(user: User): Promise<ReminderNotice[]> {
  await t.app.reminders.run();
  const news = sent.slice(seen);
  seen = sent.length;
  return news.filter((item) => item.userId === user.userId).map((item) => item.notice);
}

describe("a task's reminders", () => {
  it('are written with it, instants first, and the same list in another order is no change', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app, 'Asia/Kolkata');
    const task = await add(pat, {
      due_date: '2030-03-11',
      due_time: '09:00',
      reminders: [{ before_minutes: 30 }, { at: '2030-03-11T01:00:00+05:30' }],
    });
    expect(task.reminders).toEqual([{ at: '2030-03-10T19:30:00.000Z' }, { before_minutes: 30 }]);
    const same = await patch(pat, task, {
      reminders: [{ at: '2030-03-10T19:30:00Z' }, { before_minutes: 30 }, { before_minutes: 30 }],
    });
    expect(same.version).toBe(task.version);
    const fewer = await patch(pat, task, { reminders: [{ before_minutes: 30 }] });
    expect(fewer.version).toBe(task.version + 1);
    expect(fewer.reminders).toEqual([{ before_minutes: 30 }]);
    const read = await pat.browser.request('GET', `/api/tasks/${task.id}/`);
    expect(read.json().task.reminders).toEqual([{ before_minutes: 30 }]);
  });

  it('refuse what is not a reminder, with the field named, and keep the task as it was', async () => {
    const pat = await signedIn(t.app);
    const task = await add(pat, {});
    for (const reminders of [
      [{ at: 'tomorrow' }],
      [{ at: '2030-03-10T12:00:00Z', before_minutes: 5 }],
      [{ before_minutes: 20_000 }],
      [{ before_minutes: -1 }],
      [{}],
      Array.from({ length: 6 }, (_, i) => ({ before_minutes: i })),
      [{ at: '2099-01-01T00:00:00Z' }],
    ]) {
      const res = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
        body: { version: task.version, reminders },
      });
      expect({ reminders, status: res.statusCode, code: res.json().code }).toEqual({
        reminders,
        status: 400,
        code: expect.stringMatching(/^(invalid_input|validation_failed)$/),
      });
    }
    const read = await pat.browser.request('GET', `/api/tasks/${task.id}/`);
    expect(read.json().task).toMatchObject({ version: task.version, reminders: [] });
  });
});

describe('the scheduler', () => {
  it('sends a reminder at its time to the open tabs, once, with the task as it is', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const task = await add(pat, { reminders: [{ at: '2030-03-10T12:05:00Z' }] });
    expect(await look(pat)).toEqual([]);
    await patch(pat, task, { title: 'Call the dentist about Tuesday' });
    at('2030-03-10T12:05:00Z');
    const [notice, ...more] = await look(pat);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      task_id: task.id,
      title: 'Call the dentist about Tuesday',
      fire_at: '2030-03-10T12:05:00.000Z',
      api: expect.stringMatching(/\/api$/),
    });
    expect(toTabs.at(-1)).toEqual(notice);
    at('2030-03-10T12:06:00Z');
    expect(await look(pat)).toEqual([]);
  });

  it('moves a "before" reminder with the due time, in the user’s zone, and arms it for each occurrence', async () => {
    at('2030-03-11T12:00:00Z');
    const pat = await signedIn(t.app, 'America/New_York');
    // New York is on daylight time (UTC-4) from 10 March 2030.
    const task = await add(pat, {
      due_date: '2030-03-12',
      due_time: '09:00',
      repeat: 'FREQ=DAILY',
      reminders: [{ before_minutes: 15 }],
    });
    const later = await patch(pat, task, { due_time: '10:00' });
    at('2030-03-12T12:45:00Z');
    expect(await look(pat)).toEqual([]);
    at('2030-03-12T13:45:00Z');
    expect((await look(pat)).map((notice) => notice.fire_at)).toEqual(['2030-03-12T13:45:00.000Z']);
    const next = await patch(pat, later, { status: 'done' });
    expect(next).toMatchObject({ status: 'todo', due_date: '2030-03-13', due_time: '10:00' });
    at('2030-03-13T13:45:00Z');
    expect((await look(pat)).map((notice) => notice.fire_at)).toEqual(['2030-03-13T13:45:00.000Z']);
  });

  it('moves a "before" reminder to the new clock when the user’s time zone changes', async () => {
    at('2030-06-01T00:00:00Z');
    const pat = await signedIn(t.app, 'Europe/Lisbon');
    // 09:00 in Lisbon (UTC+1 in June) less 30 minutes.
    await add(pat, {
      due_date: '2030-06-02',
      due_time: '09:00',
      reminders: [{ before_minutes: 30 }],
    });
    await t.app.users.updateProfile(pat.userId, { timezone: 'Asia/Tokyo' });
    // 09:00 in Tokyo (UTC+9) less 30 minutes: 23:30 UTC the day before.
    at('2030-06-01T23:30:00Z');
    expect((await look(pat)).map((notice) => notice.fire_at)).toEqual(['2030-06-01T23:30:00.000Z']);
    at('2030-06-02T07:30:00Z');
    expect(await look(pat)).toEqual([]);
  });

  it('keeps a "before" reminder silent while the task has no due time', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const task = await add(pat, { due_date: '2030-03-10', reminders: [{ before_minutes: 0 }] });
    at('2030-03-11T00:00:00Z');
    expect(await look(pat)).toEqual([]);
    await patch(pat, task, { due_date: '2030-03-11', due_time: '00:30' });
    at('2030-03-11T00:30:00Z');
    expect(await look(pat)).toHaveLength(1);
  });

  it('does not remind of a task done or deleted by then', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const done = await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    const gone = await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    await patch(pat, done, { status: 'done' });
    await pat.browser.request('DELETE', `/api/tasks/${gone.id}/`);
    at('2030-03-10T12:02:00Z');
    expect(await look(pat)).toEqual([]);
    await patch(pat, { ...done, version: done.version + 1 }, { status: 'todo' });
    expect(await look(pat)).toEqual([]);
  });

  it('counts a reminder written for a time long gone as sent (an undo brings no old alarm)', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    await add(pat, { reminders: [{ at: '2030-03-10T10:00:00Z' }, { at: '2030-03-10T11:59:30Z' }] });
    expect((await look(pat)).map((notice) => notice.fire_at)).toEqual(['2030-03-10T11:59:30.000Z']);
  });

  it('sends reminders that fell due while it was down once, each with its own time', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    await add(pat, { reminders: [{ at: '2030-03-10T13:00:00Z' }, { at: '2030-03-10T14:00:00Z' }] });
    at('2030-03-10T18:00:00Z');
    expect((await look(pat)).map((notice) => notice.fire_at)).toEqual([
      '2030-03-10T13:00:00.000Z',
      '2030-03-10T14:00:00.000Z',
    ]);
    expect(await look(pat)).toEqual([]);
  });

  it('takes over a reminder whose instance died holding it, once its lease runs out', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const task = await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    at('2030-03-10T12:01:00Z');
    // Another instance claimed it for a minute, then was killed before sending.
    await t.app.database.db
      .updateTable('task_reminders')
      .set({ claimed_until: '2030-03-10T12:02:00.000Z' })
      .where('task_id', '=', task.id)
      .execute();
    expect(await look(pat)).toEqual([]);
    at('2030-03-10T12:02:01Z');
    expect(await look(pat)).toHaveLength(1);
    expect(await look(pat)).toEqual([]);
  });

  it('sends each reminder on its own: one whose delivery hangs holds up no other, nor the next look', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const sam = await signedIn(t.app);
    await add(pat, { title: 'Slow', reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    await add(sam, { title: 'Quick', reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    // A push service that does not answer pat's browser until told to.
    let answer = () => {};
    const hung = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slow = async (userId: string) => {
      if (userId === pat.userId) await hung;
    };
    t.app.reminders.deliveries.push(slow);
    try {
      at('2030-03-10T12:01:00Z');
      const first = t.app.reminders.run();
      await expect.poll(() => toTabs.map((notice) => notice.title)).toContain('Quick');
      expect(toTabs.map((notice) => notice.title)).toContain('Slow');
      // The next look claims what fell due meanwhile, while the first still waits.
      await add(sam, { title: 'Later', reminders: [{ at: '2030-03-10T12:02:00Z' }] });
      at('2030-03-10T12:02:00Z');
      expect(await look(sam)).toMatchObject([{ title: 'Quick' }, { title: 'Later' }]);
      answer();
      expect(await first).toMatchObject({ sent: 2 });
      // Marked sent once its deliveries ended: not sent again.
      expect(await look(pat)).toEqual([]);
    } finally {
      answer();
      t.app.reminders.deliveries.splice(t.app.reminders.deliveries.indexOf(slow), 1);
    }
  });

  it('carries a reminder to the other instances’ tabs rebuilt from its known fields only', () => {
    const notice = {
      reminder_id: 'r1',
      task_id: 't1',
      title: 'Call',
      fire_at: '2030-03-10T12:00:00.000Z',
      due_date: null,
      due_time: null,
      api: 'http://localhost:8000/api',
    };
    expect(
      readMessage({ type: 'reminder', userId: 'u1', notice: { ...notice, script: 'x' }, x: 1 }),
    ).toEqual({ type: 'reminder', userId: 'u1', notice });
    expect(readMessage({ type: 'reminder', userId: 'u1', notice: { ...notice, title: 7 } })).toBe(
      null,
    );
    expect(
      readMessage({
        type: 'reminder',
        userId: 'u1',
        notice: { ...notice, title: 'x'.repeat(5000) },
      }),
    ).toBe(null);
  });
});

describe("a reminder's actions", () => {
  it('snooze puts it off ten minutes, and it goes out again then', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    at('2030-03-10T12:01:00Z');
    const [notice] = await look(pat);
    const res = await pat.browser.request('POST', `/api/reminders/${notice?.reminder_id}/snooze/`, {
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fire_at: '2030-03-10T12:11:00.000Z' });
    at('2030-03-10T12:10:59Z');
    expect(await look(pat)).toEqual([]);
    at('2030-03-10T12:11:00Z');
    expect((await look(pat)).map((again) => again.fire_at)).toEqual(['2030-03-10T12:11:00.000Z']);
  });

  it('done marks the task done whatever its version, and a repeating one moves on', async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const once = await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    const daily = await add(pat, {
      due_date: '2030-03-10',
      repeat: 'FREQ=DAILY',
      reminders: [{ at: '2030-03-10T12:01:00Z' }],
    });
    await patch(pat, once, { title: 'Changed since the notification' });
    at('2030-03-10T12:01:00Z');
    const notices = await look(pat);
    const noticeOf = (task: Task) => notices.find((notice) => notice.task_id === task.id);
    const done = await pat.browser.request(
      'POST',
      `/api/reminders/${noticeOf(once)?.reminder_id}/done/`,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().task).toMatchObject({ id: once.id, status: 'done' });
    const moved = await pat.browser.request(
      'POST',
      `/api/reminders/${noticeOf(daily)?.reminder_id}/done/`,
    );
    expect(moved.json().task).toMatchObject({ status: 'todo', due_date: '2030-03-11' });
  });

  it("are the reminder owner's alone, and need a session", async () => {
    at('2030-03-10T12:00:00Z');
    const pat = await signedIn(t.app);
    const sam = await signedIn(t.app);
    await add(pat, { reminders: [{ at: '2030-03-10T12:01:00Z' }] });
    at('2030-03-10T12:01:00Z');
    const [notice] = await look(pat);
    for (const action of ['snooze', 'done']) {
      const res = await sam.browser.request(
        'POST',
        `/api/reminders/${notice?.reminder_id}/${action}/`,
        { body: {} },
      );
      expect(res.statusCode).toBe(404);
    }
    await expectSessionRequired(t.app, [
      ['POST', `/api/reminders/${notice?.reminder_id}/snooze/`],
      ['POST', `/api/reminders/${notice?.reminder_id}/done/`],
    ]);
  });
});

describe.skipIf(!POSTGRES_SERVER)('two instances on one PostgreSQL database', () => {
  it('send each reminder once when they look at the same time', async () => {
    const clock = { now: Date.parse('2030-03-10T12:00:00Z') };
    const first = await makeApp(undefined, { clock: () => new Date(clock.now) });
    const second = await makeApp(undefined, {
      clock: () => new Date(clock.now),
      env: first.databaseEnv,
    });
    try {
      const byInstance: string[][] = [[], []];
      [first, second].forEach((instance, index) => {
        instance.app.reminders.deliveries.push(async (_userId, notice) => {
          byInstance[index]?.push(notice.reminder_id);
        });
      });
      const pat = await signedIn(first.app);
      const reminders = Array.from({ length: 5 }, (_, i) => ({
        at: new Date(Date.parse('2030-03-10T12:01:00Z') + i * 1000).toISOString(),
      }));
      for (let i = 0; i < 50; i++) await add(pat, { reminders });
      clock.now = Date.parse('2030-03-10T12:05:00Z');
      await Promise.all([first.app.reminders.run(), second.app.reminders.run()]);
      const all = [...(byInstance[0] ?? []), ...(byInstance[1] ?? [])];
      expect(all).toHaveLength(250);
      expect(new Set(all).size).toBe(250);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
