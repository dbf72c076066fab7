// The user's own order on the composed production build with the real API:
// a drag by the handle with a mouse and with a finger, Alt + ↑/↓ from the
// keyboard (announced), in the Tasks list and on a goal's page; the order
// survives a reload and reaches another device by live sync; axe in both
// themes at 375 px with the handles drawn.
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { paths } from '@stride/shared';
import { createGoal, createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { openTasks, taskRow as row } from './support/tasks-page';

/** Live sync's own budget (live-sync.spec.ts), and a second for a loaded machine. */
const SYNC_WAIT_MS = 3_000;

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Orla', 'Order') });
});

/** The titles of the list's rows, top to bottom. */
const order = (page: Page) =>
  page.getByTestId('task-row').locator('.task-row__title').allTextContents();

const handle = (page: Page, title: string) =>
  row(page, title).getByRole('button', { name: `Move “${title}”` });

/** Three tasks made one after another: the newest is on top, so the list reads C, B, A. */
async function threeTasks(page: Page, extra: { goal_id?: string } = {}) {
  for (const title of ['Task A', 'Task B', 'Task C']) {
    await createTask(page.request, { title, ...extra });
  }
}

/** Drags `from`'s handle to just above the middle of `to` with the mouse, in small steps. */
async function dragAbove(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('Both rows must be on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, end.y + end.height / 4, { steps: 12 });
  await page.mouse.up();
}

async function secondDevice(context: BrowserContext, browser: Browser) {
  const other = await browser.newContext({ storageState: await context.storageState() });
  return other.newPage();
}

test('drag a task by its handle: it stays after a reload, and another device sees the order', async ({
  page,
  browser,
}) => {
  await threeTasks(page);
  const phone = await secondDevice(page.context(), browser);
  await Promise.all([openTasks(page), openTasks(phone)]);
  await expect.poll(() => order(page)).toEqual(['Task C', 'Task B', 'Task A']);
  await expect.poll(() => order(phone)).toEqual(['Task C', 'Task B', 'Task A']);

  await dragAbove(page, handle(page, 'Task A'), row(page, 'Task C'));
  await expect.poll(() => order(page)).toEqual(['Task A', 'Task C', 'Task B']);
  await expect
    .poll(() => order(phone), { timeout: SYNC_WAIT_MS })
    .toEqual(['Task A', 'Task C', 'Task B']);
  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Task A', 'Task C', 'Task B']);
  // Newest first is still there to choose, and unchanged by the move.
  await page.goto(`${paths.tasks}?sort=created_at`);
  await expect.poll(() => order(page)).toEqual(['Task C', 'Task B', 'Task A']);
  await expect(handle(page, 'Task A')).toHaveCount(0);
});

test('a finger drags a task on a phone, and Escape during a drag puts it back', async ({
  page,
}) => {
  await useLook(page, LOOKS[1]);
  await threeTasks(page);
  await openTasks(page);
  await expect.poll(() => order(page)).toEqual(['Task C', 'Task B', 'Task A']);
  // A touch, through Chromium's own input pipeline: pointer events of type "touch".
  const cdp = await page.context().newCDPSession(page);
  const start = await handle(page, 'Task C').boundingBox();
  const end = await row(page, 'Task A').boundingBox();
  if (!start || !end) throw new Error('Both rows must be on screen');
  const x = start.x + start.width / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', start.y + start.height / 2);
  for (let step = 1; step <= 10; step++) {
    const y = start.y + start.height / 2 + ((end.y + (end.height * 3) / 4 - start.y) * step) / 10;
    await touch('touchMove', y);
  }
  await touch('touchEnd', 0);
  await expect.poll(() => order(page)).toEqual(['Task B', 'Task A', 'Task C']);
  // The page did not scroll the row away under the finger.
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);

  // A mouse drag that meets Escape moves nothing.
  const from = await handle(page, 'Task B').boundingBox();
  const to = await row(page, 'Task C').boundingBox();
  if (!from || !to) throw new Error('Both rows must be on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 8 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(page.locator('.task-row.is-dragging')).toHaveCount(0);
  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Task B', 'Task A', 'Task C']);
});

test('Alt + ↓ and Alt + ↑ move a task on a goal’s page, say where, and keep the focus', async ({
  page,
}) => {
  const goal = await createGoal(page.request, { title: 'Garden' });
  await threeTasks(page, { goal_id: goal.id });
  await createTask(page.request, { title: 'Not in the goal' });
  await page.goto(`${paths.goals}?goal=${goal.id}`);
  await expect.poll(() => order(page)).toEqual(['Task C', 'Task B', 'Task A']);
  const title = row(page, 'Task C').getByRole('button', { name: 'Task C', exact: true });
  await title.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => order(page)).toEqual(['Task B', 'Task A', 'Task C']);
  await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toHaveText(
    'Moved “Task C” to 3 of 3.',
  );
  await expect(title).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => order(page)).toEqual(['Task B', 'Task C', 'Task A']);
  await page.reload();
  await expect.poll(() => order(page)).toEqual(['Task B', 'Task C', 'Task A']);
  // The whole list keeps the goal's order around the task outside it.
  await openTasks(page);
  await expect.poll(() => order(page)).toEqual(['Not in the goal', 'Task B', 'Task C', 'Task A']);
});

test('axe: the list with its handles, light and dark, 1280 and 375 px', async ({ page }) => {
  await threeTasks(page);
  await openTasks(page);
  await expect(handle(page, 'Task A')).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
  await handle(page, 'Task B').focus();
  await expect(handle(page, 'Task B')).toHaveAccessibleDescription(/Alt \+ ↑ or ↓/);
});
