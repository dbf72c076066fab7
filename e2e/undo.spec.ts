// Undo on the composed production build with the real API: Ctrl-Z and the
// toast's Undo take back a tick (a repeating task's completion too, off the
// dashboard's history), an edit, a move and a delete, through the API on the
// version the change made; an undo after a change on another device meets the
// conflict rule instead of overwriting it; the undo toast passes axe in both
// themes at 375 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { DashboardSummary, Task } from '@stride/shared';
import { apiCall, createTask, readTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { LOOKS, useLook } from './support/axe';
import { toast } from './support/page';
import { localDate, openTasks, taskRow as row } from './support/tasks-page';

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Una', 'Undo') });
});

const undoKey = (page: Page) => page.keyboard.press('ControlOrMeta+z');

/** Completions recorded today, as the dashboard's chart counts them. */
async function doneToday(page: Page): Promise<number> {
  const dashboard = await apiCall<DashboardSummary>(page.request, 'GET', '/dashboard/');
  return dashboard.completions.at(-1)?.count ?? 0;
}

test('Ctrl-Z takes back a repeating task’s completion: its day, its steps, and the history', async ({
  page,
}) => {
  const steps = [{ id: 's1', title: 'Pack the kit', done: true }];
  const task = await createTask(page.request, {
    title: 'Swim',
    repeat: 'FREQ=DAILY',
    due_date: localDate(0),
    subtasks: steps,
  });
  await openTasks(page);
  // A click, not check(): the box ticks, then comes back empty for the next day.
  await row(page, 'Swim').getByRole('checkbox', { name: 'Done: Swim' }).click();
  await expect(toast(page, 'Done. “Swim” is next due')).toBeVisible();
  await expect
    .poll(async () => (await readTask(page.request, task.id)).due_date)
    .toBe(localDate(1));
  expect(await doneToday(page)).toBe(1);

  await undoKey(page);
  await expect
    .poll(async () => (await readTask(page.request, task.id)).due_date)
    .toBe(localDate(0));
  const back = await readTask(page.request, task.id);
  expect(back.subtasks).toEqual(steps);
  expect(back.status).toBe('todo');
  expect(await doneToday(page)).toBe(0);
  await expect(page.getByText('Undone: “Swim” is as it was.')).toBeAttached();
});

test('the toast’s Undo takes back an edit; Ctrl-Z a move and then a delete', async ({ page }) => {
  for (const title of ['Task A', 'Task B']) await createTask(page.request, { title });
  await openTasks(page);
  // An edit, saved, then undone from its toast.
  await row(page, 'Task B').getByRole('button', { name: 'Task B', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Task B, renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Task B, renamed')).toBeVisible();
  await toast(page, 'Task saved.').getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Task B')).toBeVisible();

  // A move, undone with the keyboard.
  const order = () => page.getByTestId('task-row').locator('.task-row__title').allTextContents();
  await expect.poll(order).toEqual(['Task B', 'Task A']);
  await row(page, 'Task B').getByRole('button', { name: 'Task B', exact: true }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(order).toEqual(['Task A', 'Task B']);
  await undoKey(page);
  await expect.poll(order).toEqual(['Task B', 'Task A']);

  // A delete, undone with the keyboard.
  await row(page, 'Task A').getByRole('button', { name: 'Delete “Task A”' }).click();
  await expect(row(page, 'Task A')).toHaveCount(0);
  await undoKey(page);
  await expect(row(page, 'Task A')).toBeVisible();
  await page.reload();
  await expect.poll(order).toEqual(['Task B', 'Task A']);
});

test('an undo after a change on another device is not applied, and says why', async ({ page }) => {
  const task = await createTask(page.request, { title: 'Call mum' });
  await openTasks(page);
  await row(page, 'Call mum').getByRole('checkbox', { name: 'Done: Call mum' }).check();
  await expect.poll(async () => (await readTask(page.request, task.id)).status).toBe('done');
  // Another device renames it since.
  const now = await readTask(page.request, task.id);
  await apiCall<{ task: Task }>(page.request, 'PATCH', `/tasks/${task.id}/`, {
    version: now.version,
    title: 'Call mum tonight',
  });
  await undoKey(page);
  await expect(
    toast(page, 'was changed elsewhere since, so the undo was not applied'),
  ).toBeVisible();
  const after = await readTask(page.request, task.id);
  expect(after).toMatchObject({ title: 'Call mum tonight', status: 'done' });
});

test('axe: the undo toast, light and dark, at 375 px', async ({ page }) => {
  await createTask(page.request, { title: 'Water the ferns' });
  for (const look of [LOOKS[1], LOOKS[3]]) {
    await useLook(page, look);
    await openTasks(page);
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
    const box = row(page, 'Water the ferns').getByRole('checkbox');
    await box.setChecked(!(await box.isChecked()));
    const shown = toast(page, 'Water the ferns');
    await expect(shown.getByRole('button', { name: 'Undo' })).toBeVisible();
    // Judged once it has faded all the way in.
    await expect
      .poll(() => shown.evaluate((el) => getComputedStyle(el.closest('.ui-toast') ?? el).opacity))
      .toBe('1');
    const { violations } = await new AxeBuilder({ page }).include('.ui-toasts').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
