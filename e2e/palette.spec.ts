// The command palette on the composed production build with the
// real API: Ctrl-K from every page, fully keyboard-driven; the remotes'
// commands (new task, new goal, go to a goal, search tasks), the shell's
// (theme, log out); a remote that is down leaves its commands out; axe.
import { expect, type Page, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { createGoal } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { REMOTE_APPS } from './support/env';
import { expectPath, pageHeading } from './support/page';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const command = (page: Page) => page.getByRole('combobox', { name: 'Command' });
const option = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });

/**
 * Ctrl-K, pressed once, as a user presses it: the app listens from its
 * start (host/src/palette/shortcut.ts), so the first press after a page is
 * shown opens the palette, however busy the machine.
 */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(command(page)).toBeFocused();
}

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Pat', 'Palette') });
});

test('opens from every page, and Escape gives focus back', async ({ page }) => {
  for (const [path, heading] of [
    [paths.dashboard, 'Dashboard'],
    [paths.goals, 'Goals'],
    [paths.tasks, 'Tasks'],
  ] as const) {
    await page.goto(path);
    await expect(pageHeading(page, heading)).toBeVisible();
    await page.getByRole('link', { name: 'Goals', exact: true }).first().focus();
    await openPalette(page);
    await expect(option(page, /Go to Tasks/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Goals', exact: true }).first()).toBeFocused();
  }
});

test('runs the remotes’ commands from the keyboard: new task, go to a goal, search tasks', async ({
  page,
}) => {
  const goal = await createGoal(page.request, { title: 'Learn the cello' });
  await page.goto(paths.dashboard);
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
  await openPalette(page);
  await command(page).fill('new task');
  await expect(option(page, /New task/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expectPath(page, paths.tasks);
  await expect(page.getByRole('textbox', { name: 'New task' })).toBeFocused();

  await openPalette(page);
  await command(page).fill('cello');
  await expect(option(page, 'Go to goal: Learn the cello Goals')).toBeVisible();
  // ↓ walks to it (the first match is "Search tasks for “cello”"'s neighbour or itself).
  while ((await option(page, /Go to goal/).getAttribute('aria-selected')) !== 'true') {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('goal') === goal.id);
  await expect(pageHeading(page, 'Learn the cello')).toBeVisible();

  await openPalette(page);
  await command(page).fill('milk');
  await option(page, /Search tasks for “milk”/).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'milk');
});

test('the shell’s commands: theme and log out', async ({ page }) => {
  await page.goto(paths.tasks);
  await expect(pageHeading(page, 'Tasks')).toBeVisible();
  await openPalette(page);
  await command(page).fill('theme dark');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openPalette(page);
  await command(page).fill('log out');
  await page.keyboard.press('Enter');
  await expectPath(page, paths.login);
});

test('a remote that is down leaves its commands out; the palette still opens', async ({ page }) => {
  const goals = REMOTE_APPS.find((remote) => remote.name === 'remote_goals');
  if (!goals) throw new Error('no goals remote');
  await page.route(`${goals.url}/**`, (route) => route.abort());
  await page.goto(paths.tasks);
  await expect(pageHeading(page, 'Tasks')).toBeVisible();
  await openPalette(page);
  await expect(option(page, /New task/)).toBeVisible();
  await expect(option(page, /Go to Goals/)).toBeVisible();
  await expect(option(page, /New goal/)).toHaveCount(0);
  await command(page).fill('new');
  // The tasks remote's search answers after its pause; the goals remote's
  // command and search never come. Waiting for the whole list, not its first state.
  await expect(palette(page).getByRole('option')).toHaveText([
    /New task/,
    /Search tasks for “new”/,
  ]);
});

test('axe: the palette, light and dark, 1280 and 375 px', async ({ page }) => {
  await useLook(page, LOOKS[0]);
  await page.goto(paths.dashboard);
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
  // On a phone there is no keyboard shortcut to find: the top bar's button opens it.
  await page.getByRole('button', { name: 'Command palette' }).click();
  await expect(option(page, /New task/)).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
});
