// The calendar feed, read back with an independent iCalendar parser (ical.js,
// Mozilla's): which tasks it lists, their days, times and rules, and that an
// address stops working the moment it is replaced or turned off.
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ICAL from 'ical.js';
import type { TestApp } from './helpers.js';
import { appWithClock, expectSessionRequired, signedIn, type User } from './records-helpers.js';

let t: TestApp;
let pat: User;
let kim: User;
beforeAll(async () => {
  ({ t } = await appWithClock());
  pat = await signedIn(t.app, 'Europe/Paris');
  kim = await signedIn(t.app);
});
afterAll(() => t.close());

async function post(user: User, url: string, body: Record<string, unknown> = {}) {
  const res = await user.browser.request('POST', url, { body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The feed at `url` as anyone may fetch it: no cookie, no origin. */
function fetchFeed(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname });
}

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  allDay: boolean;
  zone: string | undefined;
  rule: string | null;
  priority: number | null;
  description: string | null;
}

function eventsOf(ics: string): { events: ParsedEvent[]; calendar: ICAL.Component } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const rule = component.getFirstPropertyValue('rrule');
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      zone: event.startDate.zone?.tzid,
      rule: rule ? String(rule) : null,
      priority: (component.getFirstPropertyValue('priority') as number | null) ?? null,
      description: event.description ?? null,
    };
  });
  return { events, calendar };
}

describe('the calendar feed', () => {
  it('needs a session to be turned on, renewed, read or turned off', async () => {
    await expectSessionRequired(t.app, [
      ['GET', '/api/calendar-feed/'],
      ['POST', '/api/calendar-feed/'],
      ['DELETE', '/api/calendar-feed/'],
    ]);
  });

  it("lists the user's tasks still to do with a due date: days, floating times and rules", async () => {
    const goal = await post(pat, '/api/goals/', { title: 'Home' });
    const dentist = await post(pat, '/api/tasks/', {
      title: 'Dentist',
      notes: 'Bring the card; ask, about x-rays',
      due_date: '2030-03-12',
      due_time: '09:30',
      priority: 'high',
    });
    const standUp = await post(pat, '/api/tasks/', {
      title: 'Stand-up',
      due_date: '2030-03-11',
      due_time: '10:00',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      goal_id: goal.goal.id,
    });
    const bins = await post(pat, '/api/tasks/', {
      title: 'Bins out',
      due_date: '2030-03-14',
      repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
    });
    await post(pat, '/api/tasks/', { title: 'Someday, no date' });
    const haircut = await post(pat, '/api/tasks/', {
      title: 'Haircut',
      due_date: '2030-03-20',
      repeat: 'FREQ=MONTHLY',
      repeat_from: 'done',
    });
    const done = await post(pat, '/api/tasks/', { title: 'Done already', due_date: '2030-03-10' });
    await pat.browser.request('PATCH', `/api/tasks/${done.task.id}/`, {
      body: { version: done.task.version, status: 'done' },
    });
    await post(kim, '/api/tasks/', { title: "Kim's own", due_date: '2030-03-11' });

    const { url } = await post(pat, '/api/calendar-feed/');
    expect(url).toMatch(/^http:\/\/localhost:8000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events, calendar } = eventsOf(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris');
    expect(calendar.getFirstPropertyValue('refresh-interval')).toBeTruthy();
    // Soonest first; the task without a date, the done one and Kim's are not there.
    expect(events).toEqual([
      {
        uid: `${standUp.task.id}@stride`,
        summary: 'Stand-up',
        start: '2030-03-11T10:00:00',
        allDay: false,
        zone: 'floating',
        rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        priority: null,
        description: null,
      },
      {
        uid: `${dentist.task.id}@stride`,
        summary: 'Dentist',
        start: '2030-03-12T09:30:00',
        allDay: false,
        zone: 'floating',
        rule: null,
        priority: 1,
        description: 'Bring the card; ask, about x-rays',
      },
      {
        uid: `${bins.task.id}@stride`,
        summary: 'Bins out',
        start: '2030-03-14',
        allDay: true,
        zone: 'floating',
        rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
        priority: null,
        description: null,
      },
      // Counted from the day it is done: only its next day is known.
      {
        uid: `${haircut.task.id}@stride`,
        summary: 'Haircut',
        start: '2030-03-20',
        allDay: true,
        zone: 'floating',
        rule: null,
        priority: null,
        description: null,
      },
    ]);
    // The rule expands as the app's Upcoming does: every weekday from Monday.
    const standUpEvent = new ICAL.Event(calendar.getAllSubcomponents('vevent')[0]);
    const days = [];
    const iterator = standUpEvent.iterator();
    for (let next = iterator.next(); next && days.length < 6; next = iterator.next()) {
      days.push(next.toString());
    }
    expect(days).toEqual([
      '2030-03-11T10:00:00',
      '2030-03-12T10:00:00',
      '2030-03-13T10:00:00',
      '2030-03-14T10:00:00',
      '2030-03-15T10:00:00',
      '2030-03-18T10:00:00',
    ]);
  });

  it('a new address kills the old one at once; turned off, none works', async () => {
    const first = await post(kim, '/api/calendar-feed/');
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const status = await kim.browser.request('GET', '/api/calendar-feed/');
    expect(status.json()).toEqual({ enabled: true, created_at: first.created_at });

    const second = await post(kim, '/api/calendar-feed/');
    expect(second.url).not.toBe(first.url);
    const dead = await fetchFeed(first.url);
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const off = await kim.browser.request('DELETE', '/api/calendar-feed/');
    expect(off.json()).toEqual({ ok: true });
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    const after = await kim.browser.request('GET', '/api/calendar-feed/');
    expect(after.json()).toEqual({ enabled: false, created_at: null });
  });

  it('opens nothing but the feed: the address is no session, and bad addresses are 404s', async () => {
    const { url } = await post(kim, '/api/calendar-feed/');
    const token = new URL(url).pathname.split('/').pop()?.replace('.ics', '') ?? '';
    // The secret as a cookie or a bearer opens nothing signed-in.
    for (const headers of [
      { cookie: `stride_session=${token}` },
      { authorization: `Bearer ${token}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/tasks/', headers });
      expect(res.statusCode).toBe(401);
    }
    for (const path of [
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ics.ics`,
      `/api/calendar/${token.slice(1)}.ics`,
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/..%2F..%2Ftasks.ics',
      `/api/calendar/${'x'.repeat(500)}.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect({ path, status: res.statusCode }).toEqual({
        path,
        // Past Fastify's longest parameter: 414, before any look-up.
        status: path.length > 100 ? 414 : 404,
      });
      expect(res.json().code).toBeTypeOf('string');
    }
  });
});
