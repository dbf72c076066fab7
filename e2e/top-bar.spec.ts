// Spec §2 "Top bar" and docs/architecture.md §7 accessible names, signed in and out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Route, test } from '@playwright/test';
import { DISPLAY_NAME_MAX_WIDTH, MESSAGES, paths } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { API_BASE, ROOT } from './support/env';
import { expectPath, navLink, pageHeading, toast, topBar, userMenu } from './support/page';

test('signed out: logo, the three page links and "Sign in"', async ({ page }) => {
  await page.goto(paths.login);
  const bar = topBar(page);
  await expect(bar.getByRole('link', { name: 'Stride' })).toHaveAttribute('href', paths.dashboard);
  for (const name of ['Dashboard', 'Goals', 'Tasks'] as const) {
    await expect(navLink(page, name)).toBeVisible();
  }
  await expect(bar.getByTestId('avatar-initials')).toHaveCount(0);
  await page.goto(paths.authError);
  await bar.getByRole('link', { name: 'Sign in' }).click();
  await expectPath(page, paths.login);
  // A guest who follows a page link is still sent to sign in.
  await navLink(page, 'Goals').click();
  await expectPath(page, paths.login);
});

test(
  'signed in: links, the user menu with Dashboard and Logout, and logging out',
  { tag: '@smoke' },
  async ({ page }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Tess', 'Topbar') });
    const bar = topBar(page);
    await expect(bar.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    await navLink(page, 'Goals').click();
    await expectPath(page, paths.goals);
    await expect(pageHeading(page, 'Goals')).toBeVisible();
    await navLink(page, 'Tasks').click();
    await expectPath(page, paths.tasks);
    await expect(pageHeading(page, 'Tasks')).toBeVisible();
    await bar.getByRole('link', { name: 'Stride' }).click();
    await expectPath(page, paths.dashboard);
    await navLink(page, 'Goals').click();
    await navLink(page, 'Dashboard').click();
    await expectPath(page, paths.dashboard);

    // The menu trigger names the user; its name is cut at 12rem (docs/product.md §9).
    const trigger = userMenu(page, 'Tess Topbar');
    await expect(trigger).toBeVisible();
    await expect(trigger.getByText('Tess Topbar', { exact: true })).toHaveCSS(
      'max-width',
      `${Number.parseFloat(DISPLAY_NAME_MAX_WIDTH) * 16}px`,
    );

    await navLink(page, 'Tasks').click();
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expectPath(page, paths.dashboard);
    await expect(menu).toBeHidden();

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, paths.login);
    await expect(toast(page, MESSAGES.loggedOut)).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The session ended on the server too, not just in this tab.
    const status = await page.request.get(`${API_BASE}/auth/status/`);
    expect(await status.json()).toMatchObject({ authenticated: false });
    await page.goto(paths.dashboard);
    await expectPath(page, paths.login);
  },
);

test('a menu trigger is the same element from first paint through its first use, while Radix loads', async ({
  page,
}) => {
  // Hold the menus' code (Radix, loaded late) until the trigger has been pressed.
  const stats = JSON.parse(readFileSync(join(ROOT, 'host', 'dist', 'mf-stats.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const radix = stats.shared.find((entry) => entry.name === '@radix-ui/react-dropdown-menu');
  const radixFiles = [...(radix?.assets.js.sync ?? []), ...(radix?.assets.js.async ?? [])];
  expect(radixFiles.length).toBeGreaterThan(0);
  const held: Route[] = [];
  const isRadix = (url: URL) => radixFiles.some((file) => url.pathname.endsWith(`/${file}`));
  await page.route(isRadix, (route) => void held.push(route));
  await page.goto(paths.login);
  const trigger = topBar(page).getByRole('button', { name: /^Theme: / });
  const element = await trigger.elementHandle();
  if (!element) throw new Error('no theme trigger');
  await trigger.focus();
  await trigger.press('Enter');
  // Expanded and focused at once, before the menu's code has arrived.
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  expect(await element.evaluate((button) => document.activeElement === button)).toBe(true);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  for (const route of held.splice(0)) await route.continue();
  await page.unroute(isRadix);

  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
  expect(await element.evaluate((button) => button.isConnected)).toBe(true);
  expect(await element.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  expect(await element.evaluate((button) => document.activeElement === button)).toBe(true);
});
