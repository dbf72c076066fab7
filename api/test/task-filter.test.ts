// The filter language through GET /api/tasks/?filter= (docs/product.md §4):
// each term and combinations against seeded tasks, on the user's calendar,
// through every sort's cursor, never reaching another user's labels or
// goals, and a positioned 400 for what cannot be read. Runs on SQLite and,
// with STRIDE_TEST_POSTGRES_URL (and STRIDE_TEST_REDIS_URL), on PostgreSQL
// (and PostgreSQL + Redis): the SQL must give the same rows on each.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { TaskSort } from '@stride/shared/contract';
import { labelKey } from '@stride/shared/labels';
import type { TestApp } from './helpers.js';
import { appWithClock, DAY, signedIn, type User } from './records-helpers.js';

interface Listed {
  id: string;
  title: string;
  labels: string[];
}

/** A Wednesday, noon UTC. */
const NOW = '2030-03-13T12:00:00Z';

let t: TestApp;
let clock: { now: number };
let pat: User;
let sam: User;
const ids: Record<string, string> = {};

async function addLabel(user: User, name: string): Promise<string> {
  const id = randomUUID();
  const now = new Date(clock.now).toISOString();
  await t.app.database.db
    .insertInto('labels')
    .values({
      id,
      user_id: user.userId,
      name,
      name_key: labelKey(name),
      color: 'grey',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function tag(user: User, taskId: string, labelId: string) {
  await t.app.database.db
    .insertInto('task_labels')
    .values({ task_id: taskId, label_id: labelId, user_id: user.userId })
    .execute();
}

async function addGoal(user: User, title: string): Promise<string> {
  const res = await user.browser.request('POST', '/api/goals/', { body: { title } });
  expect(res.statusCode).toBe(201);
  return res.json().goal.id;
}

async function addTask(user: User, body: Record<string, unknown>): Promise<string> {
  clock.now += 1000;
  const res = await user.browser.request('POST', '/api/tasks/', { body });
  expect(res.statusCode).toBe(201);
  return res.json().task.id;
}

const list = (user: User, query: string) => user.browser.request('GET', `/api/tasks/?${query}`);

/** Every task the filter keeps, walking the cursor `limit` at a time; each seen once. */
async function filtered(filter: string, sort: TaskSort = 'position', limit = 100) {
  const titles: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query = new URLSearchParams({ filter, sort, limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    const res = await list(pat, query.toString());
    expect({ filter, status: res.statusCode }).toEqual({ filter, status: 200 });
    const body = res.json() as { items: Listed[]; next_cursor: string | null };
    titles.push(...body.items.map((task) => task.title));
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  expect(new Set(titles).size).toBe(titles.length);
  return titles;
}

const sorted = async (filter: string) => (await filtered(filter)).sort();

async function refused(filter: string, user = pat) {
  const res = await list(user, `filter=${encodeURIComponent(filter)}`);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('invalid_filter');
  expect(body.fields).toEqual({ filter: body.error });
  return { error: body.error, position: body.position };
}

beforeAll(async () => {
  ({ t, clock } = await appWithClock(NOW));
  pat = await signedIn(t.app);
  sam = await signedIn(t.app);
  const home = await addGoal(pat, 'Home renovation');
  const work = await addGoal(pat, 'Work');
  const gone = await addGoal(pat, 'Old plans');
  const house = await addGoal(pat, 'Home');
  const errand = await addLabel(pat, 'Errand');
  const waiting = await addLabel(pat, 'waiting');
  const tasks: [string, Record<string, unknown>, string[]][] = [
    ['Buy milk', { due_date: '2030-03-13', priority: 'high' }, [errand]],
    [
      'Pay invoice',
      { due_date: '2030-03-12', priority: 'medium', goal_id: home, notes: 'The INVOICE for March' },
      [],
    ],
    ['Call plumber', { due_date: '2030-03-15', goal_id: home }, [waiting]],
    ['Paint wall', { goal_id: home, priority: 'low' }, [errand, waiting]],
    ['Water plants', { due_date: '2030-03-14', repeat: 'FREQ=DAILY' }, []],
    ['File taxes', { due_date: '2030-03-20', priority: 'low', goal_id: work }, []],
    ['Old done', { due_date: '2030-03-01', priority: 'high', status: 'done' }, [errand]],
    ['Someday', {}, []],
    ['Book trip', { due_date: '2030-08-17', goal_id: gone }, []],
    ['Post 100% _done_ \\o/', { due_date: '2030-03-11' }, []],
    ['Fix door', { due_date: '2030-03-20', priority: 'high', goal_id: house }, [waiting]],
    ['Sweep', { due_date: '2030-03-20', priority: 'medium', goal_id: house }, []],
  ];
  for (const [title, body, labels] of tasks) {
    ids[title] = await addTask(pat, { title, ...body });
    for (const label of labels) await tag(pat, ids[title] as string, label);
  }
  // A deleted task is never listed; a deleted goal is no goal.
  const deleted = await addTask(pat, { title: 'Deleted', due_date: '2030-03-13' });
  await tag(pat, deleted, errand);
  expect((await pat.browser.request('DELETE', `/api/tasks/${deleted}/`)).statusCode).toBe(200);
  expect((await pat.browser.request('DELETE', `/api/goals/${gone}/`)).statusCode).toBe(200);
  // Sam's labels and goals, some of the same names: never pat's.
  const samErrand = await addLabel(sam, 'errand');
  await addLabel(sam, 'secret');
  const samHome = await addGoal(sam, 'Home renovation');
  await addGoal(sam, 'Hidden');
  await tag(
    sam,
    await addTask(sam, { title: 'Sam errand', due_date: '2030-03-13', goal_id: samHome }),
    samErrand,
  );
});
afterAll(() => t.close());

describe('each term', () => {
  const cases: [string, string[]][] = [
    ['today', ['Buy milk']],
    ['tomorrow', ['Water plants']],
    ['yesterday', ['Pay invoice']],
    ['overdue', ['Pay invoice', 'Post 100% _done_ \\o/']],
    ['no date', ['Paint wall', 'Someday']],
    ['recurring', ['Water plants']],
    [
      'no labels',
      [
        'Pay invoice',
        'Water plants',
        'File taxes',
        'Someday',
        'Book trip',
        'Post 100% _done_ \\o/',
        'Sweep',
      ],
    ],
    [
      'no goal',
      ['Buy milk', 'Water plants', 'Old done', 'Someday', 'Book trip', 'Post 100% _done_ \\o/'],
    ],
    ['p1', ['Buy milk', 'Old done', 'Fix door']],
    ['p2', ['Pay invoice', 'Sweep']],
    ['p3', ['Paint wall', 'File taxes']],
    ['p4', ['Call plumber', 'Water plants', 'Someday', 'Book trip', 'Post 100% _done_ \\o/']],
    ['@errand', ['Buy milk', 'Paint wall', 'Old done']],
    ['@WAITING', ['Call plumber', 'Paint wall', 'Fix door']],
    ['#Home', ['Fix door', 'Sweep']],
    ['#Home renovation', ['Pay invoice', 'Call plumber', 'Paint wall']],
    ['#HomeRenovation', ['Pay invoice', 'Call plumber', 'Paint wall']],
    ['#work', ['File taxes']],
    ['due: friday', ['Call plumber']],
    ['friday', ['Call plumber']],
    ['17 Aug', ['Book trip']],
    [
      'due before: friday',
      ['Buy milk', 'Pay invoice', 'Water plants', 'Old done', 'Post 100% _done_ \\o/'],
    ],
    ['due after: friday', ['File taxes', 'Book trip', 'Fix door', 'Sweep']],
    ['due: 2030-03-20', ['File taxes', 'Fix door', 'Sweep']],
    ['next 3 days', ['Buy milk', 'Call plumber', 'Water plants']],
    ['2 days', ['Buy milk', 'Water plants']],
    ['search: invoice', ['Pay invoice']],
    ['search: MARCH', ['Pay invoice']],
    ['search: 100%', ['Post 100% _done_ \\o/']],
    ['search: _done_', ['Post 100% _done_ \\o/']],
    ['search: \\o/', ['Post 100% _done_ \\o/']],
    ['search: 1_0', []],
    ['done', ['Old done']],
  ];
  for (const [filter, expected] of cases) {
    it(`keeps what “${filter}” means`, async () => {
      expect(await sorted(filter)).toEqual([...expected].sort());
    });
  }

  it('takes open as every task not done', async () => {
    const all = await sorted('open | done');
    expect(all).toHaveLength(12);
    expect(await sorted('open')).toEqual(all.filter((title) => title !== 'Old done'));
    expect(await sorted('!done')).toEqual(await sorted('open'));
  });
});

describe('combinations', () => {
  it('applies the operators with their precedence', async () => {
    expect(await sorted('today & @errand')).toEqual(['Buy milk']);
    expect(await sorted('p1 | overdue')).toEqual(
      ['Buy milk', 'Old done', 'Pay invoice', 'Post 100% _done_ \\o/', 'Fix door'].sort(),
    );
    expect(await sorted('#Home & !@waiting')).toEqual(['Sweep']);
    expect(await sorted('#Home renovation & !@waiting')).toEqual(['Pay invoice']);
    expect(await sorted('@errand & no date | p2')).toEqual(['Paint wall', 'Pay invoice', 'Sweep']);
    expect(await sorted('@errand & (no date | p2)')).toEqual(['Paint wall']);
    expect(await sorted('!(p1 | p2 | p3 | p4)')).toEqual([]);
  });

  it('keeps the tasks a term cannot speak of under !: no date, no goal', async () => {
    // Three-valued SQL would drop tasks with no date from both sides.
    const before = await sorted('due before: friday');
    const notBefore = await sorted('!due before: friday');
    expect([...before, ...notBefore].sort()).toEqual(await sorted('open | done'));
    expect(notBefore).toContain('Someday');
    expect(await sorted('!#Home renovation & no date')).toEqual(['Someday']);
  });

  it('combines with the list’s other filters', async () => {
    const res = await list(pat, `status=open&filter=${encodeURIComponent('p1 | @errand')}`);
    expect(
      res
        .json()
        .items.map((task: Listed) => task.title)
        .sort(),
    ).toEqual(['Buy milk', 'Fix door', 'Paint wall']);
    const search = await list(pat, `q=milk&filter=${encodeURIComponent('today')}`);
    expect(search.json().items.map((task: Listed) => task.title)).toEqual(['Buy milk']);
  });

  it('reads dates on the clock of the day, and a cached page does not outlive it', async () => {
    expect(await sorted('today')).toEqual(['Buy milk']);
    clock.now += DAY;
    try {
      // Nothing was written: only the day changed.
      expect(await sorted('today')).toEqual(['Water plants']);
      expect(await sorted('due before: friday')).toContain('Water plants');
      expect(await sorted('overdue')).toContain('Buy milk');
    } finally {
      clock.now -= DAY;
    }
  });

  it('reads today in the user’s time zone', async () => {
    // 12:00 UTC is already the 14th on Kiritimati (UTC+14).
    const kim = await signedIn(t.app, 'Pacific/Kiritimati');
    await addTask(kim, { title: 'On the 13th', due_date: '2030-03-13' });
    await addTask(kim, { title: 'On the 14th', due_date: '2030-03-14' });
    const res = await list(kim, 'filter=today');
    expect(res.json().items.map((task: Listed) => task.title)).toEqual(['On the 14th']);
  });
});

describe('pages of a filtered list', () => {
  const orders: TaskSort[] = ['position', 'due_date', 'created_at', 'priority'];
  for (const sort of orders) {
    it(`walks sort=${sort} a page at a time without overlap or gap`, async () => {
      for (const filter of ['open', '!@waiting', 'no labels | p1']) {
        const whole = await filtered(filter, sort, 100);
        for (const limit of [1, 2, 3]) expect(await filtered(filter, sort, limit)).toEqual(whole);
      }
    });
  }
});

describe('another user', () => {
  it('never lends a label or a goal', async () => {
    expect(await refused('@secret')).toMatchObject({ error: 'No label is called “secret”' });
    expect(await refused('p1 | #Hidden')).toEqual({
      error: 'No goal is called “Hidden”',
      position: 5,
    });
    // Sam's errand and home are Sam's: pat's filter finds only pat's tasks.
    expect(await sorted('@errand & today')).toEqual(['Buy milk']);
    const samRes = await list(sam, `filter=${encodeURIComponent('@errand | #Home renovation')}`);
    expect(samRes.json().items.map((task: Listed) => task.title)).toEqual(['Sam errand']);
  });

  it('finds labels given through the task routes, and none once deleted', async () => {
    const kim = await signedIn(t.app);
    await addTask(kim, { title: 'Stamps', labels: ['Post-office'] });
    await addTask(kim, { title: 'Letters', labels: ['post-office', 'Home'] });
    await addTask(kim, { title: 'Nothing' });
    const titles = async (filter: string) => {
      const res = await list(kim, `filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .items.map((task: Listed) => task.title)
        .sort();
    };
    expect(await titles('@POST-OFFICE')).toEqual(['Letters', 'Stamps']);
    expect(await titles('@post-office & !@home')).toEqual(['Stamps']);
    expect(await titles('no labels')).toEqual(['Nothing']);
    const labels = (await kim.browser.request('GET', '/api/labels/')).json().items;
    const home = labels.find((label: { name: string }) => label.name === 'Home');
    expect((await kim.browser.request('DELETE', `/api/labels/${home.id}/`)).statusCode).toBe(200);
    const res = await list(kim, 'filter=%40home');
    expect(res.json()).toMatchObject({ code: 'invalid_filter', position: 0 });
    expect(await titles('no labels')).toEqual(['Nothing']);
  });

  it('finds no deleted goal by name', async () => {
    expect(await refused('#Old plans')).toEqual({
      error: 'No goal is called “Old plans”',
      position: 0,
    });
  });
});

describe('a filter that cannot be used', () => {
  it('is a 400 invalid_filter saying what and where', async () => {
    expect(await refused('today &')).toEqual({ error: 'Expected a term after “&”', position: 6 });
    expect(await refused('p1 & tody')).toMatchObject({ position: 5 });
    expect(await refused('(today | p1')).toEqual({ error: '“(” is never closed', position: 0 });
    expect(await refused('today & @errnd')).toEqual({
      error: 'No label is called “errnd”',
      position: 8,
    });
    expect(await refused('#Hom')).toEqual({ error: 'No goal is called “Hom”', position: 0 });
    expect(await refused('due: 32 Foo')).toEqual({
      error: 'Dates like “32 Foo” cannot be read',
      position: 5,
    });
  });

  it('is refused by the schema past the length limit', async () => {
    const res = await list(pat, `filter=${'p'.repeat(301)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      fields: { filter: expect.any(String) },
    });
  });

  it('is no filter when blank', async () => {
    const res = await list(pat, 'filter=%20%20&limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(12);
  });
});
