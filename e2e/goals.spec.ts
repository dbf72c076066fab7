// Goals: the remote_goals page against the real API — create, tasks
// from the goal's detail and the progress they drive, complete / archive /
// delete with undo, errors that keep what was typed, a real 409, and axe in
// both themes and on a phone.
import { expect, type Page, test } from '@playwright/test';
import { CONFLICT_COPY, type Goal, paths, type Task } from '@stride/shared';
import { apiCall, createGoal as createGoalFor, createTask as createTaskFor } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { expectAppOwnsPage, pageHeading, toast } from './support/page';

const createGoal = (page: Page, title: string) => createGoalFor(page.request, { title });
const createTask = (page: Page, title: string, goalId: string) =>
  createTaskFor(page.request, { title, goal_id: goalId });

async function signInAndOpenGoals(page: Page, email: string) {
  await signIn(page, { email, onboard: newOnboarding('Greta', 'Goals') });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Goals' }).click();
  await expect(pageHeading(page, 'Goals')).toBeVisible();
}

const card = (page: Page, title: string) =>
  page
    .getByTestId('goal-card')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
const progressOf = (page: Page) => page.getByTestId('goal-progress');
/**
 * A task's done box on the goal page: "Done: <title>" in the Tasks page's
 * row (the host's goalTasks slot), "<title>" in the goal's own list (a host
 * older than slots, as in the skew matrix). Either matches.
 */
const doneBox = (page: Page, title: string) => page.getByRole('checkbox', { name: title });

test(
  'a new user creates a goal, adds its tasks from the detail, and progress follows done tasks',
  { tag: ['@smoke', '@remote_goals'] },
  async ({ page }, testInfo) => {
    await signInAndOpenGoals(page, uniqueEmail(testInfo));
    await expect(page.getByText('No active goals yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create your first goal' }).click();
    await page.getByLabel('Title').fill('Run a half marathon');
    await page.getByLabel('Target date (optional)').fill('2099-04-30');
    await page.getByRole('button', { name: 'Create goal' }).click();

    await expect(pageHeading(page, 'Run a half marathon')).toBeVisible();
    await expect(progressOf(page)).toHaveText('No tasks yet');
    for (const title of ['Buy running shoes', 'Run 5 km', 'Run 10 km']) {
      await page.getByLabel('New task').fill(title);
      await page.getByRole('button', { name: 'Add task' }).click();
      await expect(doneBox(page, title)).toBeVisible();
    }
    await expect(progressOf(page)).toHaveText('0 of 3 tasks done');

    await doneBox(page, 'Buy running shoes').check();
    await expect(progressOf(page)).toHaveText('1 of 3 tasks done');

    // A task completed elsewhere (another tab, the Tasks page) shows once the list loads again.
    const goalId = new URL(page.url()).searchParams.get('goal');
    const { items } = await apiCall<{ items: Task[] }>(
      page.request,
      'GET',
      `/tasks/?goal_id=${goalId}`,
    );
    const run5k = items.find((task) => task.title === 'Run 5 km');
    if (!run5k) throw new Error('Run 5 km is not linked to the goal');
    await apiCall(page.request, 'PATCH', `/tasks/${run5k.id}/`, {
      status: 'done',
      version: run5k.version,
    });
    await page.getByRole('link', { name: 'All goals' }).click();
    await expect(card(page, 'Run a half marathon')).toContainText('2 of 3 tasks done');
    await expect(card(page, 'Run a half marathon').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
  },
);

test('complete, archive and delete a goal, each undone from its toast', async ({
  page,
}, testInfo) => {
  await signInAndOpenGoals(page, uniqueEmail(testInfo));
  await createGoal(page, 'Learn Spanish');
  await page.reload();
  // Sent as HTML with its data: the app takes it over before the test acts on it.
  await expectAppOwnsPage(page);
  const goal = card(page, 'Learn Spanish');

  await goal.getByRole('button', { name: 'Complete Learn Spanish' }).click();
  await expect(goal).toHaveCount(0);
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(goal).toBeVisible();
  await toast(page, 'Goal completed').getByRole('button', { name: 'Undo' }).click();
  await expect(goal).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(goal).toBeVisible();

  await goal.getByRole('button', { name: 'Archive Learn Spanish' }).click();
  await expect(toast(page, 'Goal archived')).toBeVisible();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await goal.getByRole('button', { name: 'Unarchive Learn Spanish' }).click();
  await expect(goal).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(goal).toBeVisible();

  await goal.getByRole('button', { name: 'Delete Learn Spanish' }).click();
  await expect(goal).toHaveCount(0);
  await expect(page.getByText('No active goals yet')).toBeVisible();
  await toast(page, 'Goal deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Goal restored')).toBeVisible();
  await expect(goal).toBeVisible();
});

test('deleting a goal with tasks asks about them, and kept tasks survive', async ({
  page,
}, testInfo) => {
  await signInAndOpenGoals(page, uniqueEmail(testInfo));
  const goal = await createGoal(page, 'Move house');
  const task = await createTask(page, 'Book the van', goal.id);
  await page.goto(`${paths.goals}?goal=${goal.id}`);
  await page.getByRole('button', { name: 'Delete Move house' }).click();
  await page.getByRole('button', { name: 'Delete goal, keep 1 task' }).click();
  await expect(pageHeading(page, 'Goals')).toBeVisible();
  await expect(toast(page, 'Goal deleted')).toBeVisible();
  await apiCall(page.request, 'GET', `/tasks/${task.id}/`);
});

test('bad input gets a message and keeps what was typed', async ({ page }, testInfo) => {
  await signInAndOpenGoals(page, uniqueEmail(testInfo));
  await page.getByRole('button', { name: 'New goal' }).click();
  const longTitle = 'x'.repeat(201);
  await page.getByLabel('Title').fill(longTitle);
  await page.getByLabel('Description (optional)').fill('Why it matters');
  await page.getByLabel('Target date (optional)').fill('2001-01-01');
  await page.getByRole('button', { name: 'Create goal' }).click();
  await expect(page.getByText('Keep the title to 200 characters (it has 201).')).toBeVisible();
  await expect(page.getByText('Pick a target date from today on.')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page.getByLabel('Title')).toHaveValue(longTitle);
  await expect(page.getByLabel('Description (optional)')).toHaveValue('Why it matters');

  await page.getByLabel('Title').fill('Write a book');
  await page.getByLabel('Target date (optional)').fill('');
  await page.getByRole('button', { name: 'Create goal' }).click();
  await expect(pageHeading(page, 'Write a book')).toBeVisible();
  await page.getByRole('button', { name: 'Add task' }).click();
  // The Tasks page's words (the slot), or the goal's own list's (an older host).
  await expect(page.getByText(/^(Give the task a title|Name the task)\.$/)).toBeVisible();
});

test('an edit that meets a change made elsewhere shows both and keeps mine on request', async ({
  page,
}, testInfo) => {
  await signInAndOpenGoals(page, uniqueEmail(testInfo));
  const goal = await createGoal(page, 'Learn Spanish');
  await page.goto(`${paths.goals}?goal=${goal.id}`);
  await page.getByRole('button', { name: 'Edit Learn Spanish' }).click();
  await page.getByLabel('Title').fill('Learn Spanish to B2');
  await apiCall(page.request, 'PATCH', `/goals/${goal.id}/`, {
    title: 'Learn Portuguese',
    version: goal.version,
  });
  await page.getByRole('button', { name: 'Save changes' }).click();

  const conflict = page.getByRole('alert', { name: CONFLICT_COPY.title('goal') });
  await expect(conflict).toContainText('Learn Spanish to B2');
  await expect(conflict).toContainText('Learn Portuguese');
  await expect(page.getByLabel('Title')).toHaveValue('Learn Spanish to B2');
  await conflict.getByRole('button', { name: CONFLICT_COPY.keepMine }).click();
  await expect(pageHeading(page, 'Learn Spanish to B2')).toBeVisible();
  const saved = await apiCall<{ goal: Goal }>(page.request, 'GET', `/goals/${goal.id}/`);
  expect(saved.goal.title).toBe('Learn Spanish to B2');
});

test("axe: /goals and a goal's detail, light and dark, 1280 and 375 px", async ({
  page,
}, testInfo) => {
  test.slow(); // a real sign-in and twelve axe runs on a shared two-core machine
  await useLook(page, LOOKS[0]);
  await signInAndOpenGoals(page, uniqueEmail(testInfo));
  await expect(page.getByText('No active goals yet')).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);

  const goal = await createGoal(page, 'Read 12 books');
  const task = await createTask(page, 'Finish Dune', goal.id);
  await apiCall(page.request, 'PATCH', `/tasks/${task.id}/`, {
    status: 'done',
    version: task.version,
  });
  await createTask(page, 'Pick the next book', goal.id);
  await page.reload();
  await expect(card(page, 'Read 12 books')).toContainText('1 of 2 tasks done');
  await expectAppOwnsPage(page);
  await page.getByRole('button', { name: 'New goal' }).click();
  await page.getByRole('button', { name: 'Create goal' }).click();
  await expect(page.getByText('Give the goal a title.')).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);

  await card(page, 'Read 12 books').getByRole('link', { name: 'Read 12 books' }).click();
  await expect(progressOf(page)).toHaveText('1 of 2 tasks done');
  await page.getByRole('button', { name: 'Delete Read 12 books' }).click();
  await expect(page.getByRole('button', { name: 'Delete goal, keep 2 tasks' })).toBeFocused();
  await expectNoSeriousViolationsInEveryLook(page);
});
