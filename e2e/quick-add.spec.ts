// Quick add on the composed production build with the real API: it
// reads dates, times, priorities, goals and repeats (and keeps words the
// user says to keep), a repeating task moves on when done, and a task's
// checklist is added to, ticked and reordered by keyboard and by drag.
import { expect, type Page, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { createGoal, createTask, readTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsInEveryLook,
  LOOKS,
  useLook,
} from './support/axe';
import { toast } from './support/page';
import { localDate, openTasks, quickAdd, taskRow as row } from './support/tasks-page';

/** The next Monday after today, as quick add reads "every monday" (today counts if it is one). */
const nextMonday = () => {
  const date = new Date();
  date.setDate(date.getDate() + ((8 - date.getDay()) % 7));
  return date.toLocaleDateString('en-CA');
};

const marks = (page: Page) => page.locator('.quick-add-field__mark');
const taskIdOf = async (page: Page, title: string) =>
  (await row(page, title).getAttribute('data-task-id')) ?? '';

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Quinn', 'Quick') });
});

test('quick add reads a date with a time, a priority, a goal and a repeat', async ({ page }) => {
  const home = await createGoal(page.request, { title: 'Home' });
  await openTasks(page);

  await quickAdd(page).fill('Pay rent tomorrow 9am p1 #Home');
  await expect(marks(page)).toHaveText(['tomorrow 9am', 'p1', '#Home']);
  const described = page.locator(`#${await quickAdd(page).getAttribute('aria-describedby')}`);
  await expect(described).toContainText('High priority');
  await expect(described).toContainText('Goal: Home');
  await quickAdd(page).press('Enter');
  await expect(quickAdd(page)).toHaveValue('');
  await expect(row(page, 'Pay rent')).toContainText(', 09:00');
  expect(await readTask(page.request, await taskIdOf(page, 'Pay rent'))).toMatchObject({
    title: 'Pay rent',
    due_date: localDate(1),
    due_time: '09:00',
    priority: 'high',
    goal_id: home.id,
    repeat: null,
  });

  await quickAdd(page).fill('Water the plants every monday');
  await expect(marks(page)).toHaveText(['every monday']);
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Water the plants')).toContainText('every week on Monday');
  expect(await readTask(page.request, await taskIdOf(page, 'Water the plants'))).toMatchObject({
    due_date: nextMonday(),
    repeat: 'FREQ=WEEKLY;BYDAY=MO',
  });
});

test('a # suggests goals from the keyboard, and a name no goal has can become a goal', async ({
  page,
}) => {
  const half = await createGoal(page.request, { title: 'Run a half marathon' });
  await createGoal(page.request, { title: 'Run' });
  await openTasks(page);

  await quickAdd(page).fill('Buy running shoes ');
  await quickAdd(page).pressSequentially('#run');
  const goals = page.getByRole('listbox', { name: 'Goals' });
  await expect(goals.getByRole('option')).toHaveText(['Run a half marathon']);
  await expectNoSeriousViolations(page);
  await quickAdd(page).press('ArrowDown');
  await expect(goals.getByRole('option', { selected: true })).toHaveText('Run a half marathon');
  await quickAdd(page).press('Enter');
  await expect(quickAdd(page)).toHaveValue('Buy running shoes #Run a half marathon ');
  await expect(goals).toBeHidden();
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Buy running shoes')).toBeVisible();
  expect(await readTask(page.request, await taskIdOf(page, 'Buy running shoes'))).toMatchObject({
    title: 'Buy running shoes',
    goal_id: half.id,
  });

  await quickAdd(page).pressSequentially('Vocab #Learn Spanish');
  await goals.getByRole('option', { name: 'Create goal “Learn Spanish”' }).click();
  await expect(toast(page, 'Goal “Learn Spanish” created.')).toBeVisible();
  await expect(quickAdd(page)).toHaveValue('Vocab #Learn Spanish ');
  await expect(marks(page)).toHaveText(['#Learn Spanish']);
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Vocab')).toContainText('Learn Spanish');
});

test('words stay words: Escape or the × keeps a part as text, and titles like “Read 1984” are left alone', async ({
  page,
}) => {
  await openTasks(page);
  await quickAdd(page).fill('Call the bank p1');
  await expect(marks(page)).toHaveText(['p1']);
  await quickAdd(page).press('Escape');
  await expect(marks(page)).toHaveCount(0);
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Call the bank p1')).toBeVisible();
  expect((await readTask(page.request, await taskIdOf(page, 'Call the bank p1'))).priority).toBe(
    'none',
  );

  await quickAdd(page).fill('Read 1984 friday');
  await expect(marks(page)).toHaveText(['friday']);
  await page.getByRole('button', { name: 'Keep “friday” as text' }).click();
  await expect(marks(page)).toHaveCount(0);
  await quickAdd(page).press('Enter');
  expect(
    (await readTask(page.request, await taskIdOf(page, 'Read 1984 friday'))).due_date,
  ).toBeNull();

  await quickAdd(page).fill('May the 4th party');
  await expect(marks(page)).toHaveCount(0);
  await quickAdd(page).press('Enter');
  expect(await readTask(page.request, await taskIdOf(page, 'May the 4th party'))).toMatchObject({
    due_date: null,
    priority: 'none',
  });
});

test('completing a repeating task moves it to its next day; stopping the repeat is one action', async ({
  page,
}) => {
  const task = await createTask(page.request, {
    title: 'Stretch',
    due_date: localDate(0),
    repeat: 'FREQ=DAILY',
  });
  await openTasks(page);
  await expect(row(page, 'Stretch')).toContainText('every day');
  // A click, not check(): the box comes back unticked, with the next day, as soon as the API answers.
  await row(page, 'Stretch').getByRole('checkbox', { name: 'Done: Stretch' }).click();
  await expect(toast(page, '“Stretch” is next due')).toBeVisible();
  await expect(
    row(page, 'Stretch').getByRole('checkbox', { name: 'Done: Stretch' }),
  ).not.toBeChecked();
  await expect
    .poll(async () => (await readTask(page.request, task.id)).due_date)
    .toBe(localDate(1));
  const saved = await readTask(page.request, task.id);
  expect(saved).toMatchObject({ status: 'todo', repeat: 'FREQ=DAILY', completed_at: null });

  // The occurrence is on today's bar of the dashboard's chart.
  await page.goto(paths.dashboard);
  await expect(
    page.getByTestId('completions-chart').locator(`g[data-date="${localDate(0)}"]`),
  ).toHaveAttribute('data-count', '1');

  await openTasks(page);
  await row(page, 'Stretch').getByRole('button', { name: 'Stretch', exact: true }).click();
  await page.getByRole('button', { name: 'Stop repeating' }).click();
  await expect(row(page, 'Stretch')).not.toContainText('every day');
  // The row changes before the PATCH lands (an optimistic update): wait for the API.
  await expect.poll(async () => (await readTask(page.request, task.id)).repeat).toBeNull();
});

test('"every! 3 days" counts from the day it is done: typed late, done today, due in three days', async ({
  page,
}) => {
  await openTasks(page);
  await quickAdd(page).fill('Water the ferns every! 3 days');
  await expect(marks(page)).toHaveText(['every! 3 days']);
  const described = page.locator(`#${await quickAdd(page).getAttribute('aria-describedby')}`);
  await expect(described).toContainText("Repeats every 3 days after it's done");
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Water the ferns')).toContainText("every 3 days after it's done");
  const id = await taskIdOf(page, 'Water the ferns');
  expect(await readTask(page.request, id)).toMatchObject({
    due_date: localDate(0),
    repeat: 'FREQ=DAILY;INTERVAL=3',
    repeat_from: 'done',
  });
  await row(page, 'Water the ferns')
    .getByRole('checkbox', { name: 'Done: Water the ferns' })
    .click();
  await expect(toast(page, '“Water the ferns” is next due')).toBeVisible();
  await expect.poll(async () => (await readTask(page.request, id)).due_date).toBe(localDate(3));
});

test('a checklist: steps added and ticked inline, moved by keyboard and by drag; the row shows 2/3', async ({
  page,
}) => {
  const task = await createTask(page.request, { title: 'Plan the party' });
  await openTasks(page);
  await row(page, 'Plan the party')
    .getByRole('button', { name: 'Plan the party', exact: true })
    .click();
  const newStep = page.getByRole('textbox', { name: 'Add a step' });
  for (const step of ['Book the venue', 'Send invites', 'Order the cake']) {
    await newStep.fill(step);
    await newStep.press('Enter');
    await expect(page.getByRole('checkbox', { name: step })).toBeVisible();
  }
  // Enter added steps; it did not save and close the editor.
  await expect(newStep).toBeVisible();
  await page.getByRole('checkbox', { name: 'Book the venue' }).check();
  await page.getByRole('checkbox', { name: 'Send invites' }).check();
  await expect(row(page, 'Plan the party')).toContainText('2/3');

  const steps = page.getByTestId('task-step');
  await page.getByRole('checkbox', { name: 'Order the cake' }).press('Alt+ArrowUp');
  await expect(steps).toHaveText([/Book the venue/, /Order the cake/, /Send invites/]);
  await expect(page.getByRole('checkbox', { name: 'Order the cake' })).toBeFocused();
  // By its grip, as a mouse or a finger would (use-drag-reorder.ts), to the lower half of the last step.
  await steps
    .filter({ hasText: 'Book the venue' })
    .locator('.task-steps__grip')
    .dragTo(steps.filter({ hasText: 'Send invites' }), { targetPosition: { x: 40, y: 24 } });
  await expect(steps).toHaveText([/Order the cake/, /Send invites/, /Book the venue/]);

  await expect
    .poll(async () => (await readTask(page.request, task.id)).subtasks.map((step) => step.title))
    .toEqual(['Order the cake', 'Send invites', 'Book the venue']);
  expect((await readTask(page.request, task.id)).subtasks.map((step) => step.done)).toEqual([
    false,
    true,
    true,
  ]);
  await page.reload();
  await expect(row(page, 'Plan the party')).toContainText('2/3');
});

test("axe: quick add's highlights and a task's steps, light and dark, 1280 and 375 px", async ({
  page,
}) => {
  await useLook(page, LOOKS[0]);
  await createGoal(page.request, { title: 'Home' });
  await createTask(page.request, {
    title: 'Clean the gutters',
    repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
    subtasks: [
      { id: 'a', title: 'Ladder', done: true },
      { id: 'b', title: 'Gloves', done: false },
    ],
  });
  await openTasks(page);
  await quickAdd(page).fill('Fix the fence saturday 10am p2 #Home every week');
  await expect(marks(page)).toHaveCount(4);
  await expectNoSeriousViolationsInEveryLook(page);
  await row(page, 'Clean the gutters')
    .getByRole('button', { name: 'Clean the gutters', exact: true })
    .click();
  await expect(page.getByTestId('task-step')).toHaveCount(2);
  await expectNoSeriousViolationsInEveryLook(page);
});
