// The whole sign-in in a real browser against the real API and the
// dev identity provider, plus the faults the spec names (injected at the
// network level: the only mocks here).
import { expect, type Page, request, test } from '@playwright/test';
import { MESSAGES, OAUTH_INITIATE_TIMEOUT_MS, paths } from '@stride/shared';
import { currentUser, uniqueEmail, uniqueUsername } from './support/auth';
import { API_BASE, HOST_URL, IDP_URL } from './support/env';
import { expectPath, pageHeading, toast, topBar, userMenu } from './support/page';

/** Through the provider's page, as a person would: email, optional name, "Sign in". */
async function signInAt(page: Page, provider: 'Google' | 'Apple', email: string, name?: string) {
  await page.goto(paths.login);
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await expect(page).toHaveURL((url) => url.href.startsWith(IDP_URL));
  await page.getByLabel('Email').fill(email);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function completeOnboarding(
  page: Page,
  first: string,
  last: string,
  username = uniqueUsername(),
) {
  await expect(pageHeading(page, 'Welcome to Stride')).toBeVisible();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expectPath(page, paths.dashboard);
}

test(
  'a new Google user signs in, onboards, and lands on the dashboard with their name',
  { tag: ['@smoke', '@remote_auth', '@remote_dashboard'] },
  async ({ page }, testInfo) => {
    await signInAt(page, 'Google', uniqueEmail(testInfo));
    await expectPath(page, paths.onboarding);
    await completeOnboarding(page, 'Grace', 'Hopper');
    await expect(userMenu(page, 'Grace Hopper')).toBeVisible();
    expect((await currentUser(page)).onboarding_completed).toBe(true);
  },
);

test(
  'a new Apple user comes back through /auth/success, with the name Apple sent once',
  { tag: ['@smoke', '@remote_auth'] },
  async ({ page, context }, testInfo) => {
    const email = uniqueEmail(testInfo);
    const seen: string[] = [];
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname),
    );
    await signInAt(page, 'Apple', email, 'Ada Lovelace');
    await expectPath(page, paths.onboarding);
    expect(seen).toContain(paths.authSuccess);
    // The name from Apple's first-time `user` field is already there.
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
    await page.getByLabel('Username').fill(uniqueUsername('ada'));
    await page.getByRole('button', { name: 'Get started' }).click();
    await expectPath(page, paths.dashboard);
    await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();

    // A second Apple sign-in (no name this time) goes straight to the dashboard.
    await context.clearCookies();
    await signInAt(page, 'Apple', email);
    await expectPath(page, paths.dashboard);
    await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();
  },
);

test('a returning user goes straight to the dashboard, and a reload keeps the session', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await signInAt(page, 'Google', email);
  await completeOnboarding(page, 'Rita', 'Returning');
  await context.clearCookies();

  await signInAt(page, 'Google', email);
  await expectPath(page, paths.dashboard);
  await page.reload();
  await expectPath(page, paths.dashboard);
  await expect(userMenu(page, 'Rita Returning')).toBeVisible();
});

test(
  'Logout goes to /login, says so, and the old session is refused by the API',
  { tag: ['@smoke', '@remote_auth'] },
  async ({ page, context }, testInfo) => {
    await signInAt(page, 'Google', uniqueEmail(testInfo));
    await completeOnboarding(page, 'Lou', 'Logout');
    const oldCookies = await context.storageState();

    await userMenu(page, 'Lou Logout').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, paths.login);
    await expect(toast(page, MESSAGES.loggedOut)).toBeVisible();

    const replay = await request.newContext({ storageState: oldCookies });
    const status = await (await replay.get(`${API_BASE}/auth/status/`)).json();
    expect(status).toEqual({ authenticated: false, user: null });
    await replay.dispose();
  },
);

test('cancelling at the provider explains it on /auth/error', async ({ page }) => {
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectPath(page, paths.authError);
  await expect(pageHeading(page, 'Sign-in was cancelled')).toBeVisible();
  await expect(page.getByText('nothing was shared with Stride')).toBeVisible();
});

test.describe('faults', () => {
  test('the API down during initiate: "Cannot reach server"', async ({ page }) => {
    await page.goto(paths.login);
    await page.route(`${API_BASE}/auth/oauth/google/initiate/`, (route) =>
      route.abort('connectionrefused'),
    );
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(toast(page, MESSAGES.networkError)).toBeVisible();
    await expectPath(page, paths.login);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  test('an initiate slower than 5 s: "Sign-in timed out"', async ({ page }) => {
    await page.clock.install();
    await page.goto(paths.login);
    const held: { abort: () => Promise<void> }[] = [];
    await page.route(`${API_BASE}/auth/oauth/apple/initiate/`, (route) => {
      held.push(route); // never answered: the client's own timeout must fire
    });
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await expect.poll(() => held.length).toBe(1);
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await page.clock.fastForward(OAUTH_INITIATE_TIMEOUT_MS);
    await expect(toast(page, MESSAGES.signInTimeout)).toBeVisible();
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
  });

  test('another initiate failure names the provider', async ({ page }) => {
    await page.goto(paths.login);
    await page.route(`${API_BASE}/auth/oauth/google/initiate/`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"boom","code":"internal"}',
      }),
    );
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(toast(page, MESSAGES.googleInitiateFailed)).toBeVisible();
  });

  test('a failing callback: "Authentication failed" and /auth/error', async ({
    page,
  }, testInfo) => {
    await page.route(`${API_BASE}/auth/oauth/google/callback/`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"down","code":"database_unavailable"}',
      }),
    );
    await signInAt(page, 'Google', uniqueEmail(testInfo));
    await expectPath(page, paths.authError);
    await expect(toast(page, MESSAGES.authFailed)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  test('the API stopped at start-up: "Failed to initialize authentication", and /login still works', async ({
    page,
  }) => {
    await page.route(`${API_BASE}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(paths.dashboard);
    await expect(toast(page, MESSAGES.authInitFailed)).toBeVisible();
    await expectPath(page, paths.login);
    await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

test('onboarding with a taken username shows the field error and keeps the other fields', async ({
  page,
  browser,
}, testInfo) => {
  const taken = uniqueUsername('taken');
  const first = await browser.newPage({ baseURL: HOST_URL });
  await signInAt(first, 'Google', uniqueEmail(testInfo));
  await completeOnboarding(first, 'First', 'Owner', taken);
  await first.close();

  await signInAt(page, 'Google', `second-${uniqueEmail(testInfo)}`);
  await expectPath(page, paths.onboarding);
  await page.getByLabel('First name').fill('Second');
  await page.getByLabel('Last name').fill('Comer');
  await page.getByLabel('Username').fill(taken);
  await page.getByLabel('Goal').fill('Find my own name');
  // Said as you type…
  await expect(page.getByText('That username is taken.')).toBeVisible();
  // …and on submit, with nothing lost.
  await page.getByRole('button', { name: 'Get started' }).click();
  await expectPath(page, paths.onboarding);
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Second');
  await expect(page.getByLabel('Last name')).toHaveValue('Comer');
  await expect(page.getByLabel('Goal')).toHaveValue('Find my own name');
});
