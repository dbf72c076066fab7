// docs/architecture.md §2, "Pages as HTML": the host's server
// sends /login with the auth remote's page already in it, and the app takes
// that page over in place (hydration) instead of drawing it again. Tagged
// @scaled: the scaled suite runs them against the nginx recipe too (not
// @smoke, which the skew matrix runs against releases from before HTML).
import { expect, type Page, test } from '@playwright/test';
import { COPY, paths } from '@stride/shared';
import { SERVER_HTML, WORKER_COOKIE } from '@stride/shared/server-html';
import { apiCall, createGoal } from './support/api';
import { newOnboarding, ORIGIN_HEADER, signIn, uniqueEmail } from './support/auth';
import { API_BASE, HOST_URL, IDP_URL } from './support/env';
import { toast } from './support/page';

test.use({ storageState: { cookies: [], origins: [] } });

/** What React says when server HTML and its first render differ, or when it gives up on hydrating. */
const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Switched to client rendering/i;

/** Collects what React says of a hydration gone wrong, and any page error: a clean takeover has none. */
function watchHydrationTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_TROUBLE.test(message.text())) trouble.push(message.text());
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  return trouble;
}

/** Records every element React (or anything) removes from the page's root: hydration removes none. */
async function watchRemovals(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element)
            removed.push(node.tagName + (node.className ? `.${node.className}` : ''));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test("/login's HTML already holds the sign-in page, inside the shell", { tag: '@scaled' }, async ({
  request,
}) => {
  const response = await request.get(paths.login);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  expect(html).toContain(`<div id="root" ${SERVER_HTML.rootAttribute}="`);
  expect(html).toContain('Sign in to Stride');
  expect(html).toContain('Continue with Google');
  expect(html).toContain('Continue with Apple');
  expect(html).toContain('<header class="top-bar">');
  // A path whose page is not sent as HTML gets the plain document.
  expect(await (await request.get(paths.tasks)).text()).toContain('<div id="root"></div>');
});

test('without scripts, the sign-in page is on screen and styled', { tag: '@scaled' }, async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${HOST_URL}${paths.login}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Stride' })).toBeVisible();
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  // The auth remote's style sheet applies: the button is drawn as the provider's.
  expect(await google.evaluate((button) => getComputedStyle(button).minHeight)).toBe('44px');
  await context.close();
});

test('the app takes the page over in place: nothing redrawn, no hydration warning, buttons work', {
  tag: '@scaled',
}, async ({ page }) => {
  const trouble = watchHydrationTrouble(page);
  await watchRemovals(page);
  await page.goto(paths.login);
  // The welcome toast comes once the page is on screen, hydrated (startup.ts).
  await expect(toast(page, COPY.welcome)).toBeVisible();
  const removed = await page.evaluate(
    () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
  );
  expect(removed.filter((tag) => /auth-card|top-bar|route-fade/.test(tag))).toEqual([]);
  expect(trouble).toEqual([]);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL((url) => url.href.startsWith(IDP_URL));
});

test('a button pressed before the app has started is pressed once it has', async ({ page }) => {
  // The host's entry waits until the press is made (the only fault injected here).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.locator('html')).toHaveCSS('cursor', 'progress');
  release();
  await expect(page).toHaveURL((url) => url.href.startsWith(IDP_URL));
});

test('a chosen theme paints the HTML before any script runs', { tag: '@scaled' }, async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(`${HOST_URL}${paths.login}`);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Theme/ })
    .click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const html = await (await context.request.get(`${HOST_URL}${paths.login}`)).text();
  expect(html).toContain('<html data-theme="dark"');
  await context.close();
});

// docs/architecture.md §2, "Pages as HTML": the signed-in pages are sent as
// they first render while the session is checked, without their data, and
// only to a session the route guard lets through. The worker is blocked, as
// on a first visit: a browser with it gets the plain document.
test.describe('signed-in pages as HTML', () => {
  test.use({ serviceWorkers: 'block' });

  test('go to a session the guard lets through; a guest, a user still to onboard and a browser with the worker get the plain document', async ({
    page,
  }, testInfo) => {
    const plain = async (path: string) =>
      (await (await page.request.get(path)).text()).includes('<div id="root"></div>');
    expect(await plain(paths.tasks)).toBe(true);
    expect(await plain(paths.onboarding)).toBe(true);
    await signIn(page, { email: uniqueEmail(testInfo) });
    expect(await plain(paths.tasks)).toBe(true);
    // A user still to onboard gets /onboarding: the form's outline, filled once the app knows them.
    const onboarding = await (await page.request.get(paths.onboarding)).text();
    expect(onboarding).toContain('A few details and you are ready to go.');
    expect(onboarding).not.toContain('>Sign in</a>');
    const onboarded = await page.request.post(`${API_BASE}/onboarding/complete/`, {
      headers: ORIGIN_HEADER,
      data: newOnboarding('Ada', 'Lovelace'),
    });
    expect(onboarded.status()).toBe(200);
    for (const [path, text] of [
      [paths.tasks, 'Add a task: “Call the bank tomorrow 9am p1”'],
      [paths.goals, 'The bigger things you are working toward'],
      // The dashboard comes with the user's data (a new account: how to start).
      [paths.dashboard, 'Your dashboard fills in as you go'],
    ] as const) {
      const response = await page.request.get(path);
      const html = await response.text();
      expect(html, path).toContain(`<div id="root" ${SERVER_HTML.rootAttribute}="`);
      expect(html, path).toContain(text);
      // Its top bar is a signed-in one: no "Sign in" while the app checks the session.
      expect(html, path).not.toContain('>Sign in</a>');
      expect(response.headers()['cache-control'], path).toContain('private');
    }
    expect(await plain(paths.onboarding)).toBe(true);
    await page.context().addCookies([{ name: WORKER_COOKIE, value: '1', url: HOST_URL }]);
    expect(await plain(paths.tasks)).toBe(true);
  });

  test('a user still to onboard: the app fills the form in place of its outline, no hydration warning', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo) });
    const trouble = watchHydrationTrouble(page);
    await watchRemovals(page);
    const response = await page.goto(paths.onboarding);
    expect(await response?.text()).toContain(SERVER_HTML.rootAttribute);
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeEditable();
    await expect(page.getByRole('button', { name: 'Get started' })).toBeEnabled();
    const removed = await page.evaluate(
      () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
    );
    // Only the outline gives way: the card, its heading and the top bar stay.
    expect(removed.filter((tag) => /auth-card|top-bar|route-fade/.test(tag))).toEqual([]);
    expect(trouble).toEqual([]);
  });

  test('the app takes a signed-in page over in place: nothing redrawn, no hydration warning, its data arrives', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Ada', 'Lovelace') });
    await apiCall(page.request, 'POST', '/tasks/', { title: 'Water the plants' });
    const trouble = watchHydrationTrouble(page);
    await watchRemovals(page);
    const response = await page.goto(paths.tasks);
    const tasksHtml = (await response?.text()) ?? '';
    expect(tasksHtml).toContain(SERVER_HTML.rootAttribute);
    // Sent with the user's tasks, and the cache they were drawn from.
    expect(tasksHtml).toContain('Water the plants');
    expect(tasksHtml).toContain(`id="${SERVER_HTML.pageDataId}"`);
    await expect(
      page.getByTestId('task-row').filter({ hasText: 'Water the plants' }),
    ).toBeVisible();
    const removed = await page.evaluate(
      () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
    );
    expect(removed.filter((tag) => /tasks-page|top-bar|route-fade|quick-add/.test(tag))).toEqual(
      [],
    );
    // The other pages sent as HTML, each to its first answer.
    await page.goto(paths.goals);
    await expect(page.getByRole('button', { name: 'Create your first goal' })).toBeVisible();
    // The dashboard's HTML holds the user's data, and the cache it was drawn from.
    await createGoal(page.request, { title: 'Learn Portuguese', target_date: '2031-06-30' });
    // The goals page's HTML holds the user's goals too, the day as the data has it.
    const goalsHtml = await (await page.request.get(paths.goals)).text();
    expect(goalsHtml).toContain('Learn Portuguese');
    expect(goalsHtml).toContain('Target <!-- -->2031-06-30');
    const html = await (await page.request.get(paths.dashboard)).text();
    expect(html).toContain('Learn Portuguese');
    expect(html).toContain(`id="${SERVER_HTML.pageDataId}"`);
    expect(html).not.toContain('Loading your dashboard');
    await page.evaluate(() => {
      (window as unknown as { removedFromRoot: string[] }).removedFromRoot.length = 0;
    });
    let summaryAsked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/dashboard/')) summaryAsked += 1;
    });
    await page.goto(paths.dashboard);
    await expect(page.getByRole('link', { name: /^Open 1 task/ })).toBeVisible();
    // Dates are written once the app runs, in the browser's words.
    await expect(page.getByText(/Target .*2031/)).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute(SERVER_HTML.rootAttribute);
    const gone = await page.evaluate(
      () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
    );
    expect(gone.filter((tag) => /dashboard|top-bar|route-fade/.test(tag))).toEqual([]);
    // Drawn from the HTML's data: asked once at most, by live sync's catch-up
    // once its stream follows (live-sync.ts), never by the page or early reads.
    expect(summaryAsked).toBeLessThanOrEqual(1);
    expect(trouble).toEqual([]);
  });
});
