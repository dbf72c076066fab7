// Export and import on the composed production build with the real
// API: an account exported from the dashboard's account panel and imported
// into a fresh account holds the same data; a Todoist CSV with a bad line is
// refused whole, each problem shown with its line; the panel passes axe.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { paths } from '@stride/shared';
import type { ExportDocument } from '@stride/shared/contract';
import { apiCall, createGoal, createTask, readTask } from './support/api';
import { newOnboarding, ORIGIN_HEADER, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { API_BASE } from './support/env';
import { localDate } from './support/tasks-page';

const dataSection = (page: Page) =>
  page.locator('.account__data').filter({ has: page.getByRole('heading', { name: 'Your data' }) });

/** Chooses a file as a user would: the button opens the browser's file chooser. */
async function chooseFile(
  page: Page,
  button: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dataSection(page).getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

/** The data without what an import renews: ids, versions and the time of export. */
/**
 * A document without what an import makes anew: ids, and the keys of the
 * user's own order, which it replaces with its own in the same order (a place).
 */
function comparable(document: ExportDocument) {
  const titles = new Map(document.goals.map((goal) => [goal.id, goal.title]));
  const keys = document.tasks.map((task) => task.position ?? '').sort();
  return {
    goals: document.goals.map(({ id: _id, ...goal }) => goal),
    tasks: document.tasks.map(({ id: _id, goal_id, position, ...task }) => ({
      ...task,
      goal: goal_id ? titles.get(goal_id) : null,
      place: keys.indexOf(position ?? ''),
    })),
  };
}

async function seed(page: Page) {
  const goal = await createGoal(page.request, {
    title: 'Run 10 km',
    description: 'By spring',
    target_date: localDate(60),
  });
  const weekly = await createTask(page.request, {
    title: 'Long run',
    goal_id: goal.id,
    priority: 'high',
    due_date: localDate(0),
    due_time: '07:30',
    repeat: 'FREQ=WEEKLY',
    notes: 'Easy pace',
    subtasks: [
      { id: 'a', title: 'Stretch', done: false },
      { id: 'b', title: 'Run', done: false },
    ],
  });
  // One finished occurrence: history the dashboard's chart counts.
  const task = await readTask(page.request, weekly.id);
  await apiCall(page.request, 'PATCH', `/tasks/${task.id}/`, {
    version: task.version,
    status: 'done',
  });
  await createTask(page.request, { title: 'Buy shoes', status: 'done', goal_id: goal.id });
  await createTask(page.request, { title: 'Call the physio', due_date: localDate(2) });
}

async function openPanel(page: Page) {
  await page.goto(paths.dashboard);
  await expect(dataSection(page).getByRole('button', { name: 'Export JSON' })).toBeVisible();
}

test('an export imported into a fresh account gives the same data', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Eve', 'Export') });
  await seed(page);
  await openPanel(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dataSection(page).getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stride-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8')) as ExportDocument;
  expect(exported.tasks).toHaveLength(3);

  // The CSV export downloads too, one row per goal, task, step and completion.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    dataSection(page).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile(await csv.path(), 'utf8');
  // A byte-order mark first, so a spreadsheet reads it as UTF-8.
  expect(text.startsWith('\uFEFFtype,title,')).toBe(true);
  const rows = text.trim().split('\r\n');
  expect(rows.map((row) => row.split(',')[0])).toEqual([
    'type',
    'goal',
    'task',
    'step',
    'step',
    'completion',
    'task',
    'task',
  ]);

  // A fresh account, in its own browser context.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await signIn(fresh, { email: uniqueEmail(testInfo), onboard: newOnboarding('Ian', 'Import') });
  await openPanel(fresh);
  const panel = dataSection(fresh);
  await chooseFile(fresh, 'Import a file…', file);
  const name = download.suggestedFilename();
  await expect(panel.getByRole('heading', { name: `Ready to import ${name}` })).toBeFocused();
  await expect(panel).toContainText(
    'adds 1 goal and 3 tasks with 2 steps and 1 finished occurrence',
  );
  await expect(panel.getByRole('list', { name: 'First tasks in the file' })).toContainText(
    'Long run',
  );
  // Nothing is written by the preview.
  const before = await apiCall<ExportDocument>(fresh.request, 'GET', '/export/');
  expect(before.tasks).toEqual([]);

  await panel.getByRole('button', { name: 'Import 1 goal and 3 tasks' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Imported 1 goal and 3 tasks from ${name}.`);
  // The dashboard refreshes from the imported data without a reload.
  await expect(fresh.getByTestId('summary-open')).toContainText('2');

  const after = await apiCall<ExportDocument>(fresh.request, 'GET', '/export/');
  expect(comparable(after)).toEqual(comparable(exported));
  await context.close();
});

test('a Todoist CSV with a bad line is refused whole, its problems shown by line', async ({
  page,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Tod', 'Ist') });
  await openPanel(page);
  const panel = dataSection(page);
  const bad = [
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
    'section,Garden,,,,,,,,',
    'task,Water the ferns,,2,1,Kai (1),,every monday at 9am,en,Europe/London',
    'task,Repot the basil,,1,1,Kai (1),,whenever it suits,en,Europe/London',
    'task,Buy compost,,4,2,Kai (1),,,en,',
  ].join('\r\n');
  await chooseFile(page, 'Import a file…', {
    name: 'Garden.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad),
  });
  await expect(panel.getByRole('heading', { name: 'Garden.csv can’t be imported' })).toBeFocused();
  await expect(panel.getByRole('listitem')).toHaveText([
    'Line 4 The date “whenever it suits” cannot be read',
  ]);
  await expect(panel.getByRole('button', { name: /^Import / })).toHaveCount(0);
  // The server refuses it too, and wrote nothing.
  const refused = await page.request.post(`${API_BASE}/import/`, {
    headers: ORIGIN_HEADER,
    data: { content: bad },
  });
  expect(refused.status()).toBe(422);
  const now = await apiCall<ExportDocument>(page.request, 'GET', '/export/');
  expect({ goals: now.goals, tasks: now.tasks }).toEqual({ goals: [], tasks: [] });

  // Fixed, the same file imports: the section is a goal, the sub-task a step.
  const fixed = bad.replace('whenever it suits', 'tomorrow');
  await chooseFile(page, 'Choose a file…', {
    name: 'Garden.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(fixed),
  });
  await panel.getByRole('button', { name: 'Import 1 goal and 2 tasks' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Imported 1 goal and 2 tasks from Garden.csv.',
  );
  const imported = await apiCall<ExportDocument>(page.request, 'GET', '/export/');
  expect(imported.tasks.map((task) => [task.title, task.repeat, task.subtasks.length])).toEqual([
    ['Water the ferns', 'FREQ=WEEKLY;BYDAY=MO', 0],
    ['Repot the basil', null, 1],
  ]);
});

test('the data section, an import preview and its problems pass axe, light and dark, 1280 and 375 px', async ({
  page,
}, testInfo) => {
  await useLook(page, LOOKS[0]);
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Axe', 'Data') });
  await createTask(page.request, { title: 'Only task', due_date: localDate(1) });
  await openPanel(page);
  const document = await apiCall<ExportDocument>(page.request, 'GET', '/export/');
  await chooseFile(page, 'Import a file…', {
    name: 'stride.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(document)),
  });
  await expect(dataSection(page).getByRole('heading', { name: /Ready to import/ })).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
  // And the list of problems, drawn in the danger colour.
  await dataSection(page).getByRole('button', { name: 'Cancel' }).click();
  await chooseFile(page, 'Import a file…', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "stride-export"'),
  });
  await expect(dataSection(page).getByRole('heading', { name: /can’t be imported/ })).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
});

test('an import of a few hundred tasks passes the API’s front door in one request @scaled', async ({
  page,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Big', 'File') });
  const template = await apiCall<ExportDocument>(page.request, 'GET', '/export/');
  const at = new Date().toISOString();
  template.tasks = Array.from({ length: 400 }, (_, i) => ({
    id: `t${i}`,
    goal_id: null,
    title: `Imported task number ${i} with a title long enough to weigh something`,
    notes: 'Notes '.repeat(20),
    status: 'todo',
    priority: 'none',
    due_date: null,
    due_time: null,
    repeat: null,
    subtasks: [],
    completed_at: null,
    created_at: at,
    updated_at: at,
    completions: [],
  }));
  const content = JSON.stringify(template);
  // Well past the 64 KB every other request is held to (nginx and the API).
  expect(content.length).toBeGreaterThan(100_000);
  const imported = await apiCall<{ tasks: number; applied: boolean }>(
    page.request,
    'POST',
    '/import/',
    { content },
  );
  expect(imported).toMatchObject({ tasks: 400, applied: true });
});
