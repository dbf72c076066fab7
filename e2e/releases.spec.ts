// docs/architecture.md §9, end to end: two releases of remote_goals (the second with a
// visible change) go live, roll back, run as a 50 % canary and as a tester's
// override, all by editing the registry, with no host rebuild or restart.
//
// Like remote-down.spec.ts, this spec composes a deployment of its own (on
// other ports, with its own release store) so that what it promotes never
// reaches the specs running beside it. It signs in through the main one.
import { mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { startCanaryWatcher } from '@stride/deploy';
import { startAppServer, startReleaseStore } from '@stride/scripts/release-servers';
import { COPY, paths } from '@stride/shared';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { isInCanary } from '@stride/shared/releases';
import { RELEASE_ID_COOKIE, THEME_COOKIE } from '@stride/shared/server-html';
import { newOnboarding, signIn } from './support/auth';
import {
  API_BASE,
  E2E_METRICS_TOKEN,
  RELEASES_BASE_PORT,
  RELEASES_HOST_URL,
  REMOTE_APPS,
  ROOT,
  STATE_DIR,
} from './support/env';
import { pageHeading } from './support/page';
import {
  PROBE_EXPORT,
  PROBE_PREFIX,
  pnpm,
  publishBrokenCopy,
  registry,
  release,
  releaseAuthWithVisibleChange,
  releaseWithNewSharedExport,
  releaseWithVisibleChange,
} from './support/releases';

test.describe.configure({ mode: 'serial' });

const STORE = join(STATE_DIR, 'releases');
const STORE_PORT = RELEASES_BASE_PORT + 10;
const servers: Server[] = [];
let cookiesOnly: BrowserContextOptions['storageState'];
let first = '';
let next = '';

type Seen = 'first' | 'next';

/** Opens /goals and tells which release of remote_goals rendered it, by its visible text. */
async function goalsVersionShown(page: Page): Promise<Seen> {
  await page.goto(`${RELEASES_HOST_URL}${paths.goals}`);
  // Fresh browsers load the host and the remote cold, four at a time, beside
  // the rest of the suite on two cores: 10 s was seen to run out in CI.
  await expect(pageHeading(page, 'Goals')).toBeVisible({ timeout: 30_000 });
  const lead = page.getByRole('main').getByText(/The bigger things you are working toward/i);
  await expect(lead).toBeVisible();
  return (await lead.textContent())?.startsWith(PROBE_PREFIX) ? 'next' : 'first';
}

/** A browser that has never been here: the session cookie, and no release id yet. */
function freshContext(browser: Browser) {
  return browser.newContext({ storageState: cookiesOnly });
}

async function aboutVersionOf(
  page: Page,
  app: string,
): Promise<{ version: string; channel: string }> {
  await page.getByRole('contentinfo').getByRole('button', { name: COPY.aboutTitle }).click();
  const dialog = page.getByRole('dialog', { name: COPY.aboutTitle });
  await expect(dialog).toBeVisible();
  const row = dialog
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: app, exact: true }) });
  const cell = row.getByRole('cell');
  const result = {
    version: (await cell.locator('.about__version').textContent()) ?? '',
    channel: (await cell.locator('.about__channel').textContent()) ?? '',
  };
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return result;
}

test.beforeAll(async ({ browser }) => {
  // Two real release builds of remote_goals.
  test.setTimeout(300_000);
  rmSync(STORE, { recursive: true, force: true });
  mkdirSync(STORE, { recursive: true });
  const started = Date.now();
  first = await release('remote_goals', STORE);
  next = await releaseWithVisibleChange(STORE);
  console.log(
    `releases.spec: two releases of remote_goals in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(next).not.toBe(first);
  // The release gate wants a live host beside any remote it lets through.
  await registry(['promote', 'host', await release('host', STORE)], STORE);

  servers.push(await startReleaseStore(STORE, STORE_PORT));
  servers.push(
    await startAppServer({
      storeDir: STORE,
      port: RELEASES_BASE_PORT,
      apiBase: API_BASE,
      releaseBase: `http://localhost:${STORE_PORT}`,
      localRemotes: Object.fromEntries(
        REMOTE_APPS.map((remote) => [remote.name, `${remote.url}/mf-manifest.json`]),
      ),
      hostDist: join(ROOT, 'host', 'dist'),
    }),
  );

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, {
    email: `releases-${Date.now()}@example.test`,
    onboard: newOnboarding('Rhea', 'Release'),
  });
  const { cookies } = await context.storageState();
  // The session only: a release id (or theme) from the sign-in would make every fresh browser one.
  const browserState = new Set([RELEASE_ID_COOKIE, THEME_COOKIE]);
  cookiesOnly = {
    cookies: cookies.filter((cookie) => !browserState.has(cookie.name)),
    origins: [],
  };
  await context.close();
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

test('promote and rollback change what the next page load runs, with no rebuild or restart', async ({
  browser,
}) => {
  await registry(['promote', 'remote_goals', first], STORE);
  const context = await freshContext(browser);
  const page = await context.newPage();
  expect(await goalsVersionShown(page)).toBe('first');
  expect(await aboutVersionOf(page, 'remote_goals')).toEqual({ version: first, channel: 'live' });

  const promotedAt = Date.now();
  await registry(['promote', 'remote_goals', next], STORE);
  expect(await goalsVersionShown(page)).toBe('next');
  console.log(
    `releases.spec: promote to visible on the next load in ${Date.now() - promotedAt} ms`,
  );
  expect(await aboutVersionOf(page, 'remote_goals')).toEqual({ version: next, channel: 'live' });
  // Remotes the registry does not manage still run, from their own builds.
  expect((await aboutVersionOf(page, 'remote_tasks')).channel).toBe('not in the registry');

  await registry(['rollback', 'remote_goals'], STORE);
  expect(await goalsVersionShown(page)).toBe('first');
  expect(await aboutVersionOf(page, 'remote_goals')).toEqual({ version: first, channel: 'live' });
  await context.close();
});

test('a 50 % canary splits fresh browsers, and each keeps its side across reloads', async ({
  browser,
}) => {
  // Twenty cold browsers, each loading the page twice, two at a time: each
  // load fetches the whole host cold, and more at once starved the spec
  // running beside this one on two cores. The split's statistics are the
  // unit test's (10,000 ids); this proves the wiring and the stickiness.
  test.setTimeout(360_000);
  await registry(['canary', 'remote_goals', next, '--percent', '50'], STORE);
  const seen: Seen[] = [];
  const one = async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    try {
      const shown = await goalsVersionShown(page);
      expect(await goalsVersionShown(page), 'the same browser after a reload').toBe(shown);
      seen.push(shown);
    } finally {
      await context.close();
    }
  };
  for (let batch = 0; batch < 10; batch++) await Promise.all([one(), one()]);
  const onNext = seen.filter((side) => side === 'next').length;
  console.log(`releases.spec: canary at 50 %: ${onNext} of ${seen.length} browsers on the canary`);
  // 10 expected; 3–17 holds with a chance of failure under 1 in 2,000.
  expect(onNext).toBeGreaterThanOrEqual(3);
  expect(onNext).toBeLessThanOrEqual(17);
});

/** The versions of remote_goals whose files the browser's service worker keeps, and how many files of each. */
async function goalsKeptOffline(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const kept: Record<string, number> = {};
    for (const name of await caches.keys()) {
      const version = /^stride-release:remote_goals@(.+)$/.exec(name)?.[1];
      if (version) kept[version] = (await (await caches.open(name)).keys()).length;
    }
    return kept;
  });
}

/** The releases the worker last recorded it holds every file of (host/src/offline/worker/sw.ts). */
async function keptWhole(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const answer = await (await caches.open('stride-meta')).match('/__stride/kept');
    return answer ? ((await answer.json()) as { releases: string[] }).releases : [];
  });
}

// Kept open for the next tests: the browser holding a worker when `next` is withdrawn.
let offlineBrowser: Page | undefined;

test('a browser holding the service worker keeps its canary’s files, and a rollback still reaches its next load', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The canary of the test before (`next`, 50 %) is on; this browser is on its side.
  const context = await browser.newContext({ storageState: cookiesOnly, serviceWorkers: 'allow' });
  await context.addInitScript(
    (id) => {
      if (!localStorage.getItem('stride.release-id')) localStorage.setItem('stride.release-id', id);
    },
    releaseIdOn('remote_goals', 50, true),
  );
  const page = await context.newPage();
  offlineBrowser = page;
  expect(await goalsVersionShown(page)).toBe('next');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // The canary's files, every one its manifest names, and none of live's:
  // read once the worker says it holds the canary whole (its cache fills file by file).
  await expect.poll(() => keptWhole(page)).toContain(`remote_goals@${next}`);
  expect(await goalsKeptOffline(page)).toEqual({ [next]: expect.any(Number) });
  expect((await goalsKeptOffline(page))[next]).toBeGreaterThan(3);

  // Live becomes `next`, then rolls back: the worker answers the deployment
  // document from the network first, so the next load runs `first`.
  await registry(['promote', 'remote_goals', next], STORE);
  expect(await goalsVersionShown(page)).toBe('next');
  await registry(['rollback', 'remote_goals'], STORE);
  expect(await goalsVersionShown(page)).toBe('first');
  expect(await aboutVersionOf(page, 'remote_goals')).toEqual({ version: first, channel: 'live' });
  // `first` is kept now, and `next` as the set before it, for a tab still running it.
  await expect
    .poll(async () => Object.keys(await goalsKeptOffline(page)).sort())
    .toEqual([first, next].sort());

  // As the test before left it, for the next one.
  await registry(['canary', 'remote_goals', next, '--percent', '50'], STORE);
});

test('a tester override shows the canary in one tab only; a made-up or withdrawn version is refused', async ({
  browser,
}) => {
  // Four browsers loading cold, and a registry command: 45 s was seen to run out.
  test.setTimeout(120_000);
  // Two browsers on the live side of the canary started by the test before.
  let liveId = crypto.randomUUID();
  while (isInCanary(liveId, 'remote_goals', 50)) liveId = crypto.randomUUID();
  const onLiveSide = async () => {
    const context = await freshContext(browser);
    await context.addInitScript((id) => {
      if (!localStorage.getItem('stride.release-id')) localStorage.setItem('stride.release-id', id);
    }, liveId);
    return context;
  };

  const tester = await onLiveSide();
  const testerPage = await tester.newPage();
  await testerPage.goto(`${RELEASES_HOST_URL}${paths.dashboard}?release=remote_goals@${next}`);
  await expect(testerPage).toHaveURL(`${RELEASES_HOST_URL}${paths.dashboard}`);
  expect(await goalsVersionShown(testerPage)).toBe('next');
  expect(await aboutVersionOf(testerPage, 'remote_goals')).toEqual({
    version: next,
    channel: 'tester override',
  });

  const other = await onLiveSide();
  expect(await goalsVersionShown(await other.newPage())).toBe('first');

  // Not a version in the registry: refused, with a message, and the live one loads.
  const bogus = await (await onLiveSide()).newPage();
  await bogus.goto(
    `${RELEASES_HOST_URL}${paths.goals}?release=remote_goals@https://evil.example/mf-manifest.json`,
  );
  await expect(bogus.getByText(COPY.releaseOverrideIgnored, { exact: false })).toBeVisible();
  expect(await goalsVersionShown(bogus)).toBe('first');

  // Withdrawn for a defect (it is the canary, so the canary ends): the tester's
  // tab still asks for it, and gets live with a message instead.
  await registry(['withdraw', 'remote_goals', next, '--reason', 'e2e: a known defect'], STORE);
  await testerPage.goto(`${RELEASES_HOST_URL}${paths.dashboard}`);
  await expect(
    testerPage.getByText(`remote_goals@${next}: withdrawn for a defect, not loaded`, {
      exact: false,
    }),
  ).toBeVisible();
  expect(await goalsVersionShown(testerPage)).toBe('first');
  expect(await aboutVersionOf(testerPage, 'remote_goals')).toEqual({
    version: first,
    channel: 'live',
  });
  for (const context of [tester, other, bogus.context()]) await context.close();
});

test('a withdrawn version’s files leave the service worker’s caches at the next load', async () => {
  // The test before withdrew `next`, which the browser above ran and kept.
  if (!offlineBrowser) throw new Error('the service-worker browser did not start');
  expect(await goalsVersionShown(offlineBrowser)).toBe('first');
  await expect
    .poll(() => goalsKeptOffline(offlineBrowser as Page))
    .toEqual({
      [first]: expect.any(Number),
    });
  await offlineBrowser.context().close();
});

test('a canary that fails in browsers rolls itself back, and every browser gets live again', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const broken = publishBrokenCopy(STORE, 'remote_goals', first);
  await registry(['canary', 'remote_goals', broken, '--percent', '90'], STORE);
  // A 90 % canary, so the watcher's 20 canary browsers come in about 22 loads
  // (live needs none: a live version no browser loaded fails at 0 %).
  // The watcher `pnpm start` runs beside a release deployment, with its defaults
  // (20 browsers, 20 loads, 5 %), looking every second instead of every ten. Each
  // fresh browser has a telemetry id of its own; the e2e API counts every browser
  // of its one address (TELEMETRY_CLIENTS_PER_ADDRESS, support/deployment.ts).
  const watcherLines: string[] = [];
  const watcher = startCanaryWatcher({
    store: STORE,
    env: { METRICS_TOKEN: E2E_METRICS_TOKEN },
    log: (line) => watcherLines.push(line),
    intervalMs: 1_000,
  });
  const canaryLive = async () =>
    JSON.parse(await registry(['status', '--json'], STORE)).apps.find(
      (entry: { app: string }) => entry.app === 'remote_goals',
    ).canary;

  // Fresh browsers open /goals until the watcher acts; each waits for its
  // page (the goals page, or the fallback of a broken remote) and for its
  // load report to reach the API.
  const loads = { canary: 0, live: 0 };
  let canarySide: Page | undefined;
  const one = async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith(REMOTE_LOADS.path) && response.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await page.goto(`${RELEASES_HOST_URL}${paths.goals}`);
    const fallback = page.getByRole('heading', { name: COPY.remoteUnavailable });
    await expect(pageHeading(page, 'Goals').or(fallback)).toBeVisible({ timeout: 30_000 });
    expect((await reported).status()).toBe(202);
    if (await fallback.isVisible()) {
      loads.canary += 1;
      // One canary-side browser stays open, to load the page again after the rollback.
      if (!canarySide) {
        canarySide = page;
        return;
      }
    } else loads.live += 1;
    await context.close();
  };
  const started = Date.now();
  for (let batch = 0; batch < 40 && (await canaryLive()); batch++) {
    await Promise.all([one(), one()]);
  }
  await expect.poll(canaryLive, { timeout: 15_000 }).toBeNull();
  await watcher.stop();
  console.log(
    `releases.spec: the watcher rolled the broken canary back after ${loads.canary} canary loads ` +
      `(and ${loads.live} live) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  expect(loads.canary).toBeGreaterThanOrEqual(20);
  expect(watcherLines.join('\n')).toContain(`canary ${broken} rolled back by the watcher`);

  const status = await registry(['status'], STORE);
  expect(status).toMatch(
    new RegExp(
      `canary-watcher +canary-rollback +remote_goals +${broken} → — +“failed in \\d+ of \\d+ browsers`,
    ),
  );
  // A browser of the canary bucket gets the live version on its next page load, as does every new one.
  if (!canarySide) throw new Error('no browser landed in the canary');
  expect(await goalsVersionShown(canarySide)).toBe('first');
  expect(await aboutVersionOf(canarySide, 'remote_goals')).toEqual({
    version: first,
    channel: 'live',
  });
  await canarySide.context().close();
  for (let i = 0; i < 2; i++) {
    const context = await freshContext(browser);
    expect(await goalsVersionShown(await context.newPage())).toBe('first');
    await context.close();
  }
});

test('the release store serves each version immutable, the registry no-store, and nothing else', async ({
  request,
}) => {
  const store = `http://localhost:${STORE_PORT}`;
  const manifest = await request.get(`${store}/remote_goals/${first}/mf-manifest.json`);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const record = await request.get(`${store}/remote_goals/${first}/release.json`);
  expect(await record.json()).toMatchObject({ app: 'remote_goals', version: first });

  const registryDocument = await request.get(`${store}/registry.json`);
  expect(registryDocument.headers()['cache-control']).toBe('no-store');
  expect((await registryDocument.json()).apps.remote_goals.live).toBe(first);

  for (const hidden of [
    'history.jsonl',
    'registry.lock',
    '.staging/',
    'remote_goals/',
    '../package.json',
  ]) {
    expect((await request.get(`${store}/${hidden}`)).status(), hidden).toBe(404);
  }
  // The app origin serves the registry as the host's runtime config, never cached.
  const config = await request.get(`${RELEASES_HOST_URL}/app-config.json`);
  expect(config.headers()['cache-control']).toBe('no-store');
  expect((await config.json()).releaseBase).toBe(store);
});

test("the app origin's page may run code from the release store, and from nowhere else it does not name", async ({
  request,
}) => {
  // The policy comes from the same document as /app-config.json (page-headers.mjs).
  const page = await request.get(`${RELEASES_HOST_URL}${paths.goals}`);
  const policy = page.headers()['content-security-policy'] ?? '';
  const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
  expect(scriptSources).toEqual([
    "'self'",
    ...new Set(REMOTE_APPS.map((remote) => new URL(remote.url).origin)),
    `http://localhost:${STORE_PORT}`,
  ]);
  expect(policy).toContain("frame-ancestors 'none'");
});

/** A browser release id on the given side of an app's canary (ids in crypto.randomUUID's form). */
function releaseIdOn(app: string, percent: number, canary: boolean): string {
  for (let n = 0; n < 10_000; n++) {
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    if (isInCanary(id, app, percent) === canary) return id;
  }
  throw new Error('no release id on that side');
}

test("the sign-in page's HTML is the version each browser resolves to, and a rollback changes it on the next load", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const authFirst = await release('remote_auth', STORE);
  const authNext = await releaseAuthWithVisibleChange(STORE);
  await registry(['promote', 'remote_auth', authFirst], STORE);
  await registry(['canary', 'remote_auth', authNext, '--percent', '50'], STORE);
  const liveSide = releaseIdOn('remote_auth', 50, false);
  const canarySide = releaseIdOn('remote_auth', 50, true);
  // As a browser asks for the page, before any script: the id is its cookie.
  const loginHtml = async (id: string) =>
    (
      await fetch(`${RELEASES_HOST_URL}${paths.login}`, {
        headers: { cookie: `${RELEASE_ID_COOKIE}=${id}` },
      })
    ).text();
  const pageOf = (version: string) => `/remote_auth/${version}/mf-manifest.json#LoginPage"`;

  const live = await loginHtml(liveSide);
  expect(live).toContain(pageOf(authFirst));
  expect(live).toContain('Sign in to Stride');
  expect(live).not.toContain(PROBE_PREFIX);
  const canary = await loginHtml(canarySide);
  expect(canary).toContain(pageOf(authNext));
  expect(canary).toContain(PROBE_PREFIX);

  // A canary-side browser hydrates its canary's page, and says so in About.
  const context = await browser.newContext();
  await context.addCookies([
    { name: RELEASE_ID_COOKIE, value: canarySide, url: RELEASES_HOST_URL },
  ]);
  const page = await context.newPage();
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match/i.test(message.text())) trouble.push(message.text());
  });
  await page.goto(`${RELEASES_HOST_URL}${paths.login}`);
  await expect(page.getByText(`${PROBE_PREFIX}Set goals that matter`)).toBeVisible();
  expect(await aboutVersionOf(page, 'remote_auth')).toEqual({
    version: authNext,
    channel: 'canary',
  });
  expect(trouble).toEqual([]);
  await context.close();

  // Promote the canary, roll back: each takes effect on the next page load.
  await registry(['promote', 'remote_auth', authNext], STORE);
  expect(await loginHtml(liveSide)).toContain(pageOf(authNext));
  await registry(['rollback', 'remote_auth'], STORE);
  const rolledBack = await loginHtml(liveSide);
  expect(rolledBack).toContain(pageOf(authFirst));
  expect(rolledBack).not.toContain(PROBE_PREFIX);
});

test('the gate refuses a remote that needs a @stride/shared export the live host lacks, until that host is live', async () => {
  test.setTimeout(300_000);
  const { goals, host } = await releaseWithNewSharedExport(STORE);
  const registryBefore = await registry(['status', '--json'], STORE);

  const refused = await pnpm(['registry', 'promote', 'remote_goals', goals], STORE);
  expect(refused.code).not.toBe(0);
  // GATE-003: a @stride/shared export the host does not provide (deploy/src/gate.ts).
  expect(refused.stderr).toMatch(new RegExp(`GATE-003 .*${PROBE_EXPORT}`));
  expect(await registry(['status', '--json'], STORE)).toBe(registryBefore);
  const canary = await pnpm(
    ['registry', 'canary', 'remote_goals', goals, '--percent', '10'],
    STORE,
  );
  expect(canary.code).not.toBe(0);

  await registry(['promote', 'host', host], STORE);
  await registry(['promote', 'remote_goals', goals], STORE);
  const status = JSON.parse(await registry(['status', '--json'], STORE));
  const live = (app: string) =>
    status.apps.find((entry: { app: string }) => entry.app === app)?.live;
  expect([live('host'), live('remote_goals')]).toEqual([host, goals]);
});
