// docs/architecture.md §2: a remote that cannot load never blanks the app. Its route
// shows the fallback with "Try again", the top bar and the other routes keep
// working, and "Try again" recovers once the remote is back.
//
// This spec runs its own host and remotes (in this worker, on other ports, with
// an app-config.json pointing at them) because it stops and restarts them:
// Playwright's web servers would be restarted behind its back (toolchain.md).
import type { Server } from 'node:http';
import { join } from 'node:path';
import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { serverPage } from '@stride/scripts/server-pages';
import { startStaticServer } from '@stride/scripts/static-server';
import { COPY, paths } from '@stride/shared';
import { newOnboarding, signIn } from './support/auth';
import { API_BASE, ISOLATED_BASE_PORT, ISOLATED_HOST_URL, REMOTE_APPS, ROOT } from './support/env';
import { navLink, pageHeading, topBar } from './support/page';

test.describe.configure({ mode: 'serial' });

const remotes = REMOTE_APPS.map((remote, index) => ({
  ...remote,
  port: ISOLATED_BASE_PORT + 1 + index,
  root: join(ROOT, remote.dir, 'dist'),
}));
const servers = new Map<string, Server>();

function startRemote(name: string): Promise<void> {
  const remote = remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`Unknown remote ${name}`);
  return startStaticServer({ root: remote.root, port: remote.port }).then((server) => {
    servers.set(name, server);
  });
}

function stopServer(name: string): Promise<void> {
  const server = servers.get(name);
  servers.delete(name);
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets would otherwise keep serving the "stopped" remote.
    server.closeAllConnections();
  });
}

let storageState: BrowserContextOptions['storageState'];

test.beforeAll(async ({ browser }) => {
  const appConfig = {
    apiBase: API_BASE,
    remotes: Object.fromEntries(
      remotes.map((remote) => [remote.name, `http://localhost:${remote.port}/mf-manifest.json`]),
    ),
  };
  // The host's server sends the sign-in page as HTML (docs/architecture.md §2),
  // from the auth remote's build on disk, whether or not its server is up.
  const hostRoot = join(ROOT, 'host', 'dist');
  const sources = {
    document: () => appConfig,
    buildDir: (name: string) => remotes.find((remote) => remote.name === name)?.root,
  };
  servers.set(
    'host',
    await startStaticServer({
      root: hostRoot,
      port: ISOLATED_BASE_PORT,
      spa: true,
      appConfig,
      page: (req, urlPath) => serverPage(sources, hostRoot, req, urlPath),
    }),
  );
  for (const remote of remotes) await startRemote(remote.name);

  // Sign in once through the main deployment; the session cookie is for
  // localhost, so the isolated host on another port shares it.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, {
    email: `remote-down-${Date.now()}@example.test`,
    onboard: newOnboarding('Rita', 'Remote'),
  });
  storageState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await Promise.all([...servers.keys()].map(stopServer));
});

const fallback = (page: Page) =>
  page.getByRole('alert').filter({ hasText: COPY.remoteUnavailable });
const tryAgain = (page: Page) => fallback(page).getByRole('button', { name: COPY.tryAgain });

const MAIN_PAGES = [
  { remote: 'remote_dashboard', path: paths.dashboard, heading: 'Dashboard', other: 'Goals' },
  { remote: 'remote_goals', path: paths.goals, heading: 'Goals', other: 'Tasks' },
  { remote: 'remote_tasks', path: paths.tasks, heading: 'Tasks', other: 'Dashboard' },
] as const;

for (const { remote, path, heading, other } of MAIN_PAGES) {
  test(`${remote} down: ${path} shows the fallback, the rest works, "Try again" recovers`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    await stopServer(remote);
    try {
      await page.goto(`${ISOLATED_HOST_URL}${path}`);
      await expect(fallback(page)).toBeVisible();
      await expect(
        fallback(page).getByRole('heading', { name: COPY.remoteUnavailable }),
      ).toBeVisible();
      await expect(tryAgain(page)).toBeVisible();
      await expect(topBar(page).getByRole('button', { name: /Rita Remote/ })).toBeVisible();

      // Another page of another remote still works, and coming back still shows the fallback.
      await navLink(page, other).click();
      await expect(pageHeading(page, other)).toBeVisible();
      await navLink(page, heading).click();
      await expect(fallback(page)).toBeVisible();

      // Still down: "Try again" fails again, gracefully.
      await tryAgain(page).click();
      await expect(tryAgain(page)).toBeVisible();

      await startRemote(remote);
      await tryAgain(page).click();
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(fallback(page)).toHaveCount(0);
    } finally {
      if (!servers.has(remote)) await startRemote(remote);
      await context.close();
    }
  });
}

test('remote_auth down: /login shows the fallback, the top bar works, "Try again" recovers', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await stopServer('remote_auth');
  try {
    // The page arrives as HTML, then the app finds its remote down and says so in its place.
    const html = await (await page.request.get(`${ISOLATED_HOST_URL}${paths.login}`)).text();
    expect(html).toContain('Continue with Google');
    await page.goto(`${ISOLATED_HOST_URL}${paths.login}`);
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeHidden();
    await expect(tryAgain(page)).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await topBar(page)
      .getByRole('button', { name: /^Theme/ })
      .click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await startRemote('remote_auth');
    await tryAgain(page).click();
    await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
  } finally {
    if (!servers.has('remote_auth')) await startRemote('remote_auth');
    await context.close();
  }
});
