// Spec §2 "Top bar" and design.md §7 accessible names, signed in and out.
import { expect, test } from '@playwright/test';
import { DISPLAY_NAME_MAX_WIDTH, MESSAGES, paths } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { API_BASE } from './support/env';
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

    // The menu trigger names the user; its name is cut at 12rem (spec §9).
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
