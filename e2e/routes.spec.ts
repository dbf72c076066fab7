// Spec §2: every route and every guard rule, against the real API session.
import { expect, test } from '@playwright/test';
import { MESSAGES, paths } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { IDP_URL } from './support/env';
import { expectPath, pageHeading, toast } from './support/page';

test.describe('signed out', () => {
  for (const path of [paths.dashboard, paths.goals, paths.tasks]) {
    test(`${path} sends a guest to /login`, async ({ page }) => {
      await page.goto(path);
      await expectPath(page, paths.login);
      await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
    });
  }

  test('/ goes to /dashboard, whose guard sends a guest to /login', async ({ page }) => {
    await page.goto('/');
    await expectPath(page, paths.login);
  });

  test('an unknown path goes to /dashboard, then /login', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expectPath(page, paths.login);
  });

  test('/onboarding needs a sign-in', async ({ page }) => {
    await page.goto(paths.onboarding);
    await expectPath(page, paths.login);
  });

  test('/login is open to guests', async ({ page }) => {
    await page.goto(paths.login);
    await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: /Apple/ })).toBeEnabled();
  });

  test('cancelling at the identity provider ends on /auth/error with "Authentication failed"', async ({
    page,
  }) => {
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL((url) => url.href.startsWith(IDP_URL));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(page, paths.authError);
    await expect(toast(page, MESSAGES.authFailed)).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expectPath(page, paths.login);
  });
});

test.describe('signed in, onboarding not finished', () => {
  test('every guarded page, / and unknown paths send the user to /onboarding', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo) });
    await expect(pageHeading(page, 'Welcome to Stride')).toBeVisible();
    for (const path of [paths.dashboard, paths.goals, paths.tasks, '/', '/no/such/page']) {
      await page.goto(path);
      await expectPath(page, paths.onboarding);
    }
  });

  test('/login sends the user on, to /dashboard and then /onboarding', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo) });
    await page.goto(paths.login);
    await expectPath(page, paths.onboarding);
  });
});

test.describe('signed in and onboarded', () => {
  test('the main pages open, / and unknown paths go to /dashboard, /login and /onboarding send on', async ({
    page,
  }, testInfo) => {
    test.slow(); // a real sign-in, then seven page loads
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Route', 'Walker') });
    for (const [path, heading] of [
      [paths.dashboard, 'Dashboard'],
      [paths.goals, 'Goals'],
      [paths.tasks, 'Tasks'],
    ] as const) {
      await page.goto(path);
      await expectPath(page, path);
      await expect(pageHeading(page, heading)).toBeVisible();
    }
    for (const path of ['/', '/no/such/page', paths.login, paths.onboarding]) {
      await page.goto(path);
      await expectPath(page, paths.dashboard);
      await expect(pageHeading(page, 'Dashboard')).toBeVisible();
    }
  });
});
