// Spec §4 "Auth": the session is checked every 30 s while signed in. When the
// server says it has ended: warning toast and /login. When the check itself
// fails: state cleared silently. Time is driven by Playwright's clock.
import { expect, request, test } from '@playwright/test';
import { MESSAGES, paths, SESSION_CHECK_INTERVAL_MS } from '@stride/shared';
import { newOnboarding, ORIGIN_HEADER, signIn, uniqueEmail } from './support/auth';
import { API_BASE } from './support/env';
import { expectPath, pageHeading, toast, topBar } from './support/page';

// Under Playwright's fake timers the route fade-out never gets to finish: the
// exiting guarded route keeps re-rendering <Navigate state={{…}}/> with a new
// state object, which navigates again on every render (a loop of hundreds of
// replaceState calls a second; two extra ones with real timers). Reported to
// the host's owner; without motion the old route leaves at once.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a session ended elsewhere (log out of all devices) expires here within 30 s', async ({
  page,
  context,
}, testInfo) => {
  await page.clock.install();
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Sam', 'Session') });
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();

  // Another device of the same user logs out everywhere.
  const otherDevice = await request.newContext({ storageState: await context.storageState() });
  const logoutAll = await otherDevice.post(`${API_BASE}/auth/logout-all/`, {
    headers: ORIGIN_HEADER,
  });
  expect(logoutAll.status()).toBe(200);
  await otherDevice.dispose();

  // The session check finds it gone: at once when the ended live-sync
  // stream asks for one (a race with the assertions here, which made this
  // test flaky when it expected the dashboard still), at the latest 30 s on.
  await page.clock.fastForward(SESSION_CHECK_INTERVAL_MS);
  await expect(toast(page, MESSAGES.sessionExpired)).toBeVisible();
  await expectPath(page, paths.login);
  await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('cleared cookies end the session at the next check', async ({ page, context }, testInfo) => {
  await page.clock.install();
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Cleo', 'Cookie') });
  await context.clearCookies();
  await page.clock.fastForward(SESSION_CHECK_INTERVAL_MS);
  await expect(toast(page, MESSAGES.sessionExpired)).toBeVisible();
  await expectPath(page, paths.login);
});

test('a session check that fails clears the user without the expiry toast', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Nia', 'Network') });
  let checks = 0;
  await page.route(`${API_BASE}/auth/status/`, (route) => {
    checks++;
    return route.abort('connectionrefused');
  });
  await page.clock.fastForward(SESSION_CHECK_INTERVAL_MS);
  await expectPath(page, paths.login);
  expect(checks).toBeGreaterThan(0);
  await expect(toast(page, MESSAGES.sessionExpired)).toHaveCount(0);
});
