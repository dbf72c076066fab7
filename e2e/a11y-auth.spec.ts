// axe finds no serious or critical violation on the sign-in pages, in
// both themes.
import { expect, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolations } from './support/axe';
import { expectPath, pageHeading } from './support/page';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('/login', async ({ page }) => {
      await page.goto(paths.login);
      await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousViolations(page);
    });

    test('/auth/error', async ({ page }) => {
      await page.goto(`${paths.authError}?error=access_denied`);
      await expect(pageHeading(page, 'Sign-in was cancelled')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('/onboarding, with a field error showing', async ({ page }, testInfo) => {
      await signIn(page, { email: uniqueEmail(testInfo) });
      await expectPath(page, paths.onboarding);
      await page.getByRole('button', { name: 'Get started' }).click();
      await expect(page.getByText('Choose a username.')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
