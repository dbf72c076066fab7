// Export and import: an account's goals and tasks out as JSON and
// CSV, and back in (a Stride export, a Todoist CSV) through a preview that
// writes nothing, then an import that adds all of it or none of it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import { UNSTORABLE } from '../src/lib/text.js';
import type { TestApp } from './helpers.js';
import { appWithClock, expectSessionRequired, signedIn, type User } from './records-helpers.js';

let t: TestApp;
let clock: { now: number };
let pat: User;
beforeAll(async () => {
  ({ t, clock } = await appWithClock());
});
beforeEach(async () => {
  // Sunday 10 March 2030, noon UTC.
  clock.now = Date.parse('2030-03-10T12:00:00Z');
  pat = await signedIn(t.app, 'Europe/London');
});
afterAll(() => t.close());

async function post(user: User, url: string, body: Record<string, unknown>) {
  const res = await user.browser.request('POST', url, { body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A little of everything: a goal, a repeating task with steps and a finished occurrence, a done task. */
async function seed(user: User) {
  const { goal } = await post(user, '/api/goals/', {
    title: 'Run 10 km',
    description: 'By the spring',
    target_date: '2030-05-01',
  });
  const { task: weekly } = await post(user, '/api/tasks/', {
    title: 'Long run',
    goal_id: goal.id,
    priority: 'high',
    due_date: '2030-03-11',
    due_time: '07:30',
    repeat: 'FREQ=WEEKLY;BYDAY=MO',
    notes: '=SUM(A1) is not a formula',
    subtasks: [
      { id: 'a', title: 'Stretch', done: true },
      { id: 'b', title: 'Run', done: false },
    ],
  });
  clock.now += 60_000;
  const completed = await user.browser.request('PATCH', `/api/tasks/${weekly.id}/`, {
    body: { version: weekly.version, status: 'done' },
  });
  expect(completed.statusCode).toBe(200);
  clock.now += 60_000;
  await post(user, '/api/tasks/', {
    title: 'Buy shoes',
    status: 'done',
    labels: ['errand', 'Shops'],
  });
  const { items: labels } = (await user.browser.request('GET', '/api/labels/')).json();
  const errand = labels.find((label: { name: string }) => label.name === 'errand');
  await user.browser.request('PATCH', `/api/labels/${errand.id}/`, { body: { color: 'teal' } });
  return goal;
}

const exportOf = async (user: User) => {
  const res = await user.browser.request('GET', '/api/export/');
  expect(res.statusCode).toBe(200);
  return res.json();
};
type ExportFile = Awaited<ReturnType<typeof exportOf>>;

/** The data without what an import renews: ids, versions, the time of export. */
/**
 * A document without what an import makes anew: ids, and the keys of the
 * user's order, which it replaces with its own in the same order (a place).
 */
function comparable(document: {
  goals: { id: string; title: string }[];
  tasks: { id: string; goal_id: string | null; position: string }[];
}) {
  const titles = new Map(document.goals.map((goal) => [goal.id, goal.title]));
  const keys = document.tasks.map((task) => task.position).sort();
  return {
    goals: document.goals.map(({ id: _id, ...goal }) => goal),
    tasks: document.tasks.map(({ id: _id, goal_id, position, ...task }) => ({
      ...task,
      goal: goal_id ? titles.get(goal_id) : null,
      place: keys.indexOf(position),
    })),
  };
}

describe('export', () => {
  it('gives every goal and task with steps, rules and finished occurrences, as an attachment', async () => {
    await seed(pat);
    const res = await pat.browser.request('GET', '/api/export/');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="stride-2030-03-10.json"',
    );
    expect(res.headers['content-type']).toContain('application/json');
    const document = res.json();
    expect(document).toMatchObject({ format: 'stride-export', version: 4 });
    expect(document.goals).toHaveLength(1);
    const [weekly, shoes] = document.tasks;
    expect(weekly).toMatchObject({
      title: 'Long run',
      goal_id: document.goals[0].id,
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      due_date: '2030-03-18',
      status: 'todo',
      subtasks: [
        { id: 'a', title: 'Stretch', done: false },
        { id: 'b', title: 'Run', done: false },
      ],
      completions: [{ occurrence_date: '2030-03-11', completed_at: '2030-03-10T12:01:00.000Z' }],
    });
    expect(shoes).toMatchObject({ status: 'done', completed_at: '2030-03-10T12:02:00.000Z' });
  });

  it('leaves out deleted records and other users’ data', async () => {
    await seed(pat);
    const other = await signedIn(t.app);
    const { task } = await post(other, '/api/tasks/', { title: 'Not yours' });
    await other.browser.request('DELETE', `/api/tasks/${task.id}/`);
    expect((await exportOf(other)).tasks).toEqual([]);
  });

  it('writes CSV a spreadsheet reads: a row per goal, task, step and completion, formulas defused', async () => {
    await seed(pat);
    const res = await pat.browser.request('GET', '/api/export/?format=csv');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('stride-2030-03-10.csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'type,title,goal,status,priority,labels,due_date,due_time,repeat,repeat_rule,notes,completed_at,created_at',
    );
    expect(lines.slice(1, 6).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'goal,Run 10 km',
      'task,Long run',
      'step,Stretch',
      'step,Run',
      'completion,Long run',
    ]);
    expect(lines[2]).toContain(
      ",every week on Monday,FREQ=WEEKLY;BYDAY=MO,'=SUM(A1) is not a formula,",
    );
    expect(lines.find((line) => line.startsWith('task,Buy shoes'))).toContain(',errand Shops,');
  });

  it('refuses an unknown format and a guest', async () => {
    const res = await pat.browser.request('GET', '/api/export/?format=xml');
    expect(res.statusCode).toBe(400);
    await expectSessionRequired(t.app, [
      ['GET', '/api/export/'],
      ['POST', '/api/import/preview/'],
      ['POST', '/api/import/'],
    ]);
  });
});

describe('import of a Stride export', () => {
  it('into a fresh account gives the same data', async () => {
    await seed(pat);
    const before = await exportOf(pat);
    const fresh = await signedIn(t.app, 'Europe/London');
    const content = JSON.stringify(before);
    const preview = await post(fresh, '/api/import/preview/', { content });
    expect(preview).toMatchObject({
      source: 'stride-json',
      goals: 1,
      tasks: 2,
      steps: 2,
      completions: 1,
      problems: [],
      applied: false,
    });
    expect(preview.sample[0]).toEqual({
      title: 'Long run',
      due_date: '2030-03-18',
      due_time: '07:30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      goal: 'Run 10 km',
      steps: 2,
    });
    expect((await exportOf(fresh)).tasks).toEqual([]);

    const imported = await post(fresh, '/api/import/', { content });
    expect(imported).toMatchObject({ applied: true, goals: 1, tasks: 2 });
    const after = await exportOf(fresh);
    expect(comparable(after)).toEqual(comparable(before));
    // The labels come back with their colours.
    expect(after.labels).toEqual([
      { name: 'errand', color: 'teal' },
      { name: 'Shops', color: 'grey' },
    ]);
    // The history counts on the dashboard's chart as it did before.
    const chart = await fresh.browser.request('GET', '/api/dashboard/');
    expect(chart.json().completions.at(-1).count).toBe(2);
  });

  it('reports every bad record, where it is, and imports nothing', async () => {
    const document = await exportOf(pat);
    document.goals = [{ ...goalRecord('g1'), title: '   ' }, goalRecord('g2'), goalRecord('g2')];
    document.tasks = [
      taskRecord({ title: 'Fine', goal_id: 'g2' }),
      taskRecord({ title: 'Bad date', due_date: '2030-02-30' }),
      taskRecord({ title: 'Hourly', repeat: 'FREQ=HOURLY' }),
      taskRecord({ title: 'Lost', goal_id: 'nowhere' }),
      taskRecord({ title: 'Late', due_time: '09:00' }),
      taskRecord({ title: 'Odd', priority: 'urgent' }),
    ];
    const content = JSON.stringify(document);
    const preview = await post(pat, '/api/import/preview/', { content });
    expect(preview.problems).toEqual([
      { where: 'Goal 1', message: 'Title: Must be 1 to 200 characters' },
      { where: 'Goal 3 “Goal g2”', message: 'Another goal of the file has its id' },
      { where: 'Task 2 “Bad date”', message: 'due_date: must be a date, YYYY-MM-DD' },
      { where: 'Task 3 “Hourly”', message: expect.stringMatching(/^Repeat: /) },
      { where: 'Task 4 “Lost”', message: 'Its goal is not in the file' },
      { where: 'Task 5 “Late”', message: 'A time needs a due date' },
      { where: 'Task 6 “Odd”', message: 'priority: must be one of none, low, medium, high' },
    ]);
    expect(preview.problem_count).toBe(7);

    const refused = await pat.browser.request('POST', '/api/import/', { body: { content } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'import_invalid',
      report: { problem_count: 7, applied: false },
    });
    expect((await exportOf(pat)).tasks).toEqual([]);
    expect((await exportOf(pat)).goals).toEqual([]);
  });

  it('says what is wrong with a file that is not an export at all', async () => {
    const cases: [string, string][] = [
      ['{"goals": [', 'This is not valid JSON'],
      ['{"format": "other"}', 'This JSON is not a Stride export'],
      ['{"format": "stride-export", "version": 9, "goals": [], "tasks": []}', 'newer Stride'],
      ['just some words', 'neither a Stride export'],
    ];
    for (const [content, message] of cases) {
      const preview = await post(pat, '/api/import/preview/', { content });
      expect(preview.problems).toEqual([
        { where: 'File', message: expect.stringContaining(message) },
      ]);
    }
  });

  it('refuses a file past the size limit with a clear error, not a crash', async () => {
    const long = await pat.browser.request('POST', '/api/import/preview/', {
      body: { content: 'x'.repeat(LIMITS.importChars + 1) },
    });
    expect({ status: long.statusCode, code: long.json().code }).toEqual({
      status: 400,
      code: 'invalid_input',
    });
    const huge = await pat.browser.request('POST', '/api/import/preview/', {
      body: { content: 'x'.repeat(LIMITS.importChars * 2 + 2048) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBeTruthy();
  });

  it('an account at the record limit exports a file the import takes back', async () => {
    const document = await exportOf(pat);
    document.goals = Array.from({ length: 100 }, (_, i) => goalRecord(`g${i}`));
    document.tasks = Array.from({ length: LIMITS.importRecordsMax - 100 }, (_, i) =>
      taskRecord({
        title: `Task number ${i} of a full account`,
        goal_id: `g${i % 100}`,
        notes: 'A line or two of notes, as people write them.',
        due_date: '2030-04-01',
        subtasks: [{ id: 'a', title: 'A step', done: false }],
      }),
    );
    await post(pat, '/api/import/', { content: JSON.stringify(document) });
    const res = await pat.browser.request('GET', '/api/export/');
    expect(res.body.length).toBeLessThan(LIMITS.importChars);
    const fresh = await signedIn(t.app);
    const preview = await post(fresh, '/api/import/preview/', { content: res.body });
    expect(preview).toMatchObject({
      goals: 100,
      tasks: LIMITS.importRecordsMax - 100,
      problems: [],
    });
  });

  it('writes all of a plan or none of it when the database refuses a row', async () => {
    const document = await exportOf(pat);
    document.goals = [goalRecord('g1')];
    document.tasks = [
      taskRecord({ title: 'First', goal_id: 'g1' }),
      taskRecord({ title: 'Second' }),
    ];
    const { readStrideJson } = await import('../src/transfer/read-stride-json.js');
    const plan = await readStrideJson(JSON.stringify(document), '2030-03-10');
    // A completion with no time breaks a NOT NULL column after the goal and tasks went in.
    const second = plan.tasks[1];
    if (!second) throw new Error('the plan has both tasks');
    (second.completions as unknown[]).push({ occurrence_date: null, completed_at: null });
    await expect(t.app.transfer.apply(pat.userId, plan)).rejects.toThrow();
    const after = await exportOf(pat);
    expect({ goals: after.goals, tasks: after.tasks }).toEqual({ goals: [], tasks: [] });
  });
});

describe('an import is built from the fields it allows', () => {
  /** A file of the user's own export with `edit` applied, previewed and then imported. */
  async function importing(edit: (document: ExportFile) => void) {
    const document = await exportOf(pat);
    edit(document);
    const content = JSON.stringify(document);
    const preview = await pat.browser.request('POST', '/api/import/preview/', {
      body: { content },
    });
    const imported = await pat.browser.request('POST', '/api/import/', { body: { content } });
    return { preview, imported };
  }

  it('refuses a completion that names another user or task, and writes nothing into either account', async () => {
    const sam = await signedIn(t.app);
    const { task: theirs } = await post(sam, '/api/tasks/', { title: 'Sam’s own' });
    const { preview, imported } = await importing((document) => {
      document.tasks = [
        taskRecord({
          title: 'Planted',
          completions: [
            {
              occurrence_date: null,
              completed_at: '2030-03-09T10:00:00.000Z',
              user_id: sam.userId,
              task_id: theirs.id,
              id: 'c1',
            },
          ],
        }),
      ];
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().problems).toEqual([
      { where: 'Task 1 “Planted”', message: expect.stringContaining('user_id') },
    ]);
    expect(imported.statusCode).toBe(422);
    const chart = await sam.browser.request('GET', '/api/dashboard/');
    expect(chart.json().completions.every((day: { count: number }) => day.count === 0)).toBe(true);
    expect((await exportOf(pat)).tasks).toEqual([]);
  });

  it('refuses a goal or task carrying fields of its own', async () => {
    const { preview } = await importing((document) => {
      document.goals = [{ ...goalRecord('g1'), user_id: 'someone-else' }];
      document.tasks = [{ ...taskRecord({ title: 'Extra' }), version: 99, deleted_at: null }];
    });
    expect(preview.json().problems).toEqual([
      { where: 'Goal 1 “Goal g1”', message: expect.stringContaining('user_id') },
      { where: 'Task 1 “Extra”', message: expect.stringContaining('version') },
    ]);
  });

  it.each([
    ['a NUL character', 'Bad\u0000title', UNSTORABLE.nul],
    ['half a character', 'Bad\uD800title', UNSTORABLE.surrogate],
  ])(
    'refuses %s inside the file’s text, as the preview says (no 500)',
    async (_, title, message) => {
      const { preview, imported } = await importing((document) => {
        document.goals = [{ ...goalRecord('g1'), description: title }];
        document.tasks = [
          taskRecord({ title, notes: title, subtasks: [{ id: 'a', title, done: false }] }),
        ];
      });
      expect(preview.statusCode).toBe(200);
      const problems = preview.json().problems;
      expect(problems.length).toBeGreaterThanOrEqual(2);
      for (const problem of problems) expect(problem.message).toContain(message);
      expect(imported.statusCode).toBe(422);
      expect((await exportOf(pat)).tasks).toEqual([]);
    },
  );

  it('caps the finished occurrences of a task and of a file', async () => {
    const done = (n: number) =>
      Array.from({ length: n }, () => ({
        occurrence_date: null,
        completed_at: '2030-03-09T10:00:00.000Z',
      }));
    const one = await importing((document) => {
      document.tasks = [
        taskRecord({ title: 'Busy', completions: done(LIMITS.completionsPerTaskMax + 1) }),
      ];
    });
    expect(one.preview.json().problems).toEqual([
      {
        where: 'Task 1 “Busy”',
        message: expect.stringContaining(`${LIMITS.completionsPerTaskMax}`),
      },
    ]);
    const tasks = Math.ceil(LIMITS.importCompletionsMax / LIMITS.completionsPerTaskMax) + 1;
    const many = await importing((document) => {
      document.tasks = Array.from({ length: tasks }, (_, i) =>
        taskRecord({ title: `Busy ${i}`, completions: done(LIMITS.completionsPerTaskMax) }),
      );
    });
    expect(many.preview.json().problems).toEqual([
      { where: 'File', message: expect.stringContaining(`at most ${LIMITS.importCompletionsMax}`) },
    ]);
    expect(many.imported.statusCode).toBe(422);
  });
});

describe('import of a Todoist CSV', () => {
  const csv = [
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT',
    'meta,view_style=list,,,,,,,,,,',
    'task,Plan the week,,1,1,Pat (1),,every monday at 9am,en,Europe/London,,',
    ',,,,,,,,,,,',
    'section,Home,,,,,,,,,,',
    'task,Fix the tap,"Washer is worn, ""size 3""",4,1,Pat (1),,Mar 12 2030,en,Europe/London,,',
    'task,Buy a washer,,4,2,Pat (1),,,en,,,',
    'note,Hardware shop on Main St,,,,Pat (1),,,,,,',
  ].join('\r\n');

  it('turns sections into goals, sub-tasks into steps, notes into notes, words into dates', async () => {
    const { goal: home } = await post(pat, '/api/goals/', { title: 'home' });
    const preview = await post(pat, '/api/import/preview/', { content: csv });
    // "Home" joins the goal the user has already.
    expect(preview).toMatchObject({
      source: 'todoist-csv',
      goals: 0,
      tasks: 2,
      steps: 1,
      problems: [],
    });
    await post(pat, '/api/import/', { content: csv });
    const { tasks } = await exportOf(pat);
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Plan the week',
        priority: 'none',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        due_date: '2030-03-11',
        due_time: '09:00',
        goal_id: null,
      }),
      expect.objectContaining({
        title: 'Fix the tap',
        notes: 'Washer is worn, "size 3"\n\nHardware shop on Main St',
        priority: 'high',
        due_date: '2030-03-12',
        goal_id: home.id,
        subtasks: [{ id: 's1', title: 'Buy a washer', done: false }],
      }),
    ]);
  });

  it("reads an export in the template's current columns: Todoist's priorities, its date forms, moments with offsets", async () => {
    // The columns of "Export as template" today, DURATION, DEADLINE and
    // IS_COLLAPSED included (read past: Stride has no such fields), dates as
    // their users typed them. The clock is Sunday 2030-03-10, 12:00 in London.
    const content = readFileSync(
      new URL('./fixtures/todoist-template-export.csv', import.meta.url),
      'utf8',
    );
    const preview = await post(pat, '/api/import/preview/', { content });
    expect(preview).toMatchObject({ goals: 1, tasks: 8, steps: 1, problems: [] });
    await post(pat, '/api/import/', { content });
    const labels = await pat.browser.request('GET', '/api/labels/');
    expect(labels.json().items.map((label: { name: string }) => label.name)).toEqual([
      'errand',
      'shops',
      'waiting',
    ]);
    const { goals, tasks } = await exportOf(pat);
    const errands = goals.find((goal: { title: string }) => goal.title === 'Errands');
    const task = (title: string) => tasks.find((row: { title: string }) => row.title === title);
    // Todoist writes a task's labels as @words in its text.
    expect(task('Buy milk')).toMatchObject({
      labels: ['errand', 'shops'],
      goal_id: errands.id,
      priority: 'high',
      due_date: '2030-03-11',
      due_time: '17:00',
      notes: 'Two cartons\n\nOrganic if they have it',
      subtasks: [{ title: 'Check the fridge', done: false }],
    });
    expect(task('Call the accountant')).toMatchObject({
      labels: ['waiting'],
      priority: 'medium',
      due_date: '2030-08-17',
    });
    expect(task('Book flights')).toMatchObject({ priority: 'low', due_date: '2030-06-13' });
    // 18:30 at UTC+1 is 17:30 on the user's clock (London, still on GMT).
    expect(task('Send the report')).toMatchObject({
      priority: 'none',
      due_date: '2030-03-13',
      due_time: '17:30',
    });
    expect(task('Stand-up')).toMatchObject({
      due_date: '2030-03-11',
      due_time: '09:30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    });
    expect(task('Water the plants')).toMatchObject({
      due_date: '2030-03-10',
      repeat: 'FREQ=DAILY;INTERVAL=3',
    });
    expect(task('Team lunch')).toMatchObject({ priority: 'none', due_date: '2030-03-15' });
    // Todoist's "every!": counted from the day it is done.
    expect(task('Get a haircut')).toMatchObject({
      due_date: '2030-03-10',
      repeat: 'FREQ=MONTHLY',
      repeat_from: 'done',
    });
  });

  it('reports each bad line by its number and imports nothing', async () => {
    const bad = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,DATE',
      'note,Orphan note,,,,',
      'task,Fine,,1,1,tomorrow',
      'task,When?,,1,1,whenever it suits',
      'task,Odd,,7,1,',
      'chore,Sweep,,,,',
      `task,${'x'.repeat(201)},,1,1,`,
      'task,Proto,,constructor,1,',
    ].join('\n');
    const preview = await post(pat, '/api/import/preview/', { content: bad });
    expect(preview.problems).toEqual([
      { where: 'Line 2', message: 'A note needs a task above it' },
      { where: 'Line 4', message: 'The date “whenever it suits” cannot be read' },
      { where: 'Line 5', message: 'PRIORITY must be 1, 2, 3 or 4, not “7”' },
      { where: 'Line 6', message: 'TYPE must be task, section, note or meta, not “chore”' },
      { where: 'Line 7', message: 'Title: Must be 1 to 200 characters' },
      { where: 'Line 8', message: 'PRIORITY must be 1, 2, 3 or 4, not “constructor”' },
    ]);
    const refused = await pat.browser.request('POST', '/api/import/', { body: { content: bad } });
    expect(refused.statusCode).toBe(422);
    expect((await exportOf(pat)).tasks).toEqual([]);
  });
});

function goalRecord(id: string) {
  return {
    id,
    title: `Goal ${id}`,
    description: null,
    status: 'active',
    target_date: null,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
}

function taskRecord(fields: Record<string, unknown>) {
  return {
    id: `t-${String(fields.title)}`,
    goal_id: null,
    title: 'A task',
    notes: null,
    status: 'todo',
    priority: 'none',
    due_date: null,
    due_time: null,
    repeat: null,
    subtasks: [],
    completed_at: null,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
    completions: [],
    ...fields,
  };
}
