// A remote that does not load, in any composition (docs/architecture.md §2): its route
// shows the fallback with "Try again", and the top bar and the other pages
// keep working. Tagged @skew so the version-skew matrix runs it against every
// mix of versions; the main suite runs it too (remote-down.spec.ts stops real
// servers; this one only refuses the remote's manifest in the browser).
import { expect, test } from '@playwright/test';
import { COPY, paths } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { REMOTE_APPS } from './support/env';
import { navLink, pageHeading, topBar } from './support/page';

test(
  'a remote that does not load shows its fallback; the rest keeps working',
  { tag: ['@skew', '@remote_goals'] },
  async ({ page }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Dee', 'Down') });
    const tasks = REMOTE_APPS.find((remote) => remote.name === 'remote_tasks');
    if (!tasks) throw new Error('no remote_tasks');
    await page.route(`${tasks.url}/**`, (route) => route.abort('connectionrefused'));
    await navLink(page, 'Tasks').click();
    await expect(page.getByRole('heading', { name: COPY.remoteUnavailable })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: COPY.tryAgain })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Stride' })).toBeVisible();
    await navLink(page, 'Goals').click();
    await expect(page).toHaveURL(new RegExp(`${paths.goals}$`));
    await expect(pageHeading(page, 'Goals')).toBeVisible();
  },
);
