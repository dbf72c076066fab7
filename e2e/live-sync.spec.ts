// Live sync on the composed production build with the real API:
// two browser contexts of one user see each other's changes within 2 s
// without a reload; another user's context receives nothing; an open editor
// keeps what is being typed; logging out of all devices on one device ends
// the other's stream, which sends it to sign-in at once. The delay is
// measured over 50 changes and written to e2e/.state/live-sync.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { MESSAGES, paths } from '@stride/shared';
import { LIVE_SYNC } from '@stride/shared/limits';
import { SERVER_HTML } from '@stride/shared/server-html';
import { apiCall, createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { API_BASE, STATE_DIR } from './support/env';
import { expectAppOwnsPage, expectPath, toast } from './support/page';
import { openTasks, taskRow as row } from './support/tasks-page';

const SYNC_BUDGET_MS = 2_000;
const SAMPLES = 50;

/** A second device of the same user: the same session, its own tab. */
async function secondDevice(context: BrowserContext, browser: Browser) {
  const other = await browser.newContext({ storageState: await context.storageState() });
  return other.newPage();
}

type StreamEvent = 'change' | 'ready';

/** Keeps, in each page of `target`, the data of every `type` event its live stream brings. */
async function noteStreamEvents(target: Page | BrowserContext, type: StreamEvent): Promise<void> {
  await target.addInitScript((type) => {
    const Native = window.EventSource;
    const seen: string[] = [];
    Object.assign(window, { [`strideStream_${type}`]: seen });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener(type, (event) => seen.push(String((event as MessageEvent).data)));
      }
    };
  }, type);
}

/** What noteStreamEvents kept in `page`. */
const streamEvents = (page: Page, type: StreamEvent) =>
  page.evaluate(
    (type) =>
      (window as unknown as Record<string, string[] | undefined>)[`strideStream_${type}`] ?? [],
    type,
  );

test(
  'a change in one tab shows in the other within 2 s; another user sees nothing',
  {
    tag: '@scaled',
  },
  async ({ page, browser }, testInfo) => {
    test.slow(); // two real sign-ins and three pages: about 47 s beside another worker
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Lea', 'Live') });
    const laptop = page;
    const phone = await secondDevice(page.context(), browser);
    // The stranger's page notes every change its stream brings.
    const strangerContext = await browser.newContext();
    await noteStreamEvents(strangerContext, 'change');
    const stranger = await strangerContext.newPage();
    await signIn(stranger, {
      email: `stranger-${uniqueEmail(testInfo)}`,
      onboard: newOnboarding('Sam', 'Stranger'),
    });
    await Promise.all([openTasks(laptop), openTasks(phone), openTasks(stranger)]);
    let strangerReads = 0;
    stranger.on('request', (request) => {
      if (request.url().includes('/api/tasks/') && request.method() === 'GET') strangerReads++;
    });

    await laptop.getByRole('textbox', { name: 'New task' }).fill('Made on the laptop');
    await laptop.getByRole('textbox', { name: 'New task' }).press('Enter');
    await expect(row(phone, 'Made on the laptop')).toBeVisible({ timeout: SYNC_BUDGET_MS + 1000 });

    // And back: ticked on the phone, ticked on the laptop.
    await row(phone, 'Made on the laptop').getByRole('checkbox').check();
    await expect(row(laptop, 'Made on the laptop').getByRole('checkbox')).toBeChecked({
      timeout: SYNC_BUDGET_MS + 1000,
    });

    // Then a change of the stranger's own: the stream delivers in order, so
    // once it is on screen anything sent to the stranger before it has arrived.
    expect(strangerReads).toBe(0);
    await createTask(stranger.request, { title: 'Only mine' });
    await expect(row(stranger, 'Only mine')).toBeVisible({ timeout: SYNC_BUDGET_MS + 1000 });
    const seen = await streamEvents(stranger, 'change');
    expect(seen, 'the changes the stranger was sent').toHaveLength(1);
    await expect(stranger.getByTestId('task-row')).toHaveCount(1);
  },
);

test('an open editor keeps what is being typed when the task changes elsewhere', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Eve', 'Editor') });
  const task = await createTask(page.request, { title: 'Shared task' });
  const other = await secondDevice(page.context(), browser);
  await Promise.all([openTasks(page), openTasks(other)]);
  await row(page, 'Shared task').getByRole('button', { name: 'Shared task', exact: true }).click();
  await page.getByLabel('Title').fill('My unsaved title');

  await apiCall(other.request, 'PATCH', `/tasks/${task.id}/`, {
    version: 1,
    notes: 'From elsewhere',
  });
  // The list behind the editor refreshed (the notes chip)…
  await expect(row(page, 'Shared task').locator('.chip', { hasText: 'Notes' })).toBeVisible({
    timeout: 3000,
  });
  // …and the editor kept the typing; saving applies the conflict rule.
  await expect(page.getByLabel('Title')).toHaveValue('My unsaved title');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'My unsaved title')).toBeVisible();
  await expect(row(other, 'My unsaved title')).toBeVisible({ timeout: SYNC_BUDGET_MS + 1000 });
});

test.describe('a page sent with its data', () => {
  const streamReady = (page: Page) =>
    expect.poll(async () => (await streamEvents(page, 'ready')).length).toBe(1);
  const pageData = `id="${SERVER_HTML.pageDataId}"`;

  test('reads nothing again when nothing changed before its stream was following', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Nia', 'Nochange') });
    await createTask(page.request, { title: 'Sent with the page' });
    await noteStreamEvents(page, 'ready');
    let reads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/tasks/') && request.method() === 'GET') reads++;
    });
    const sent = await page.goto(paths.tasks);
    expect(await sent?.text()).toContain(pageData);
    await expect(row(page, 'Sent with the page')).toBeVisible();
    await expectAppOwnsPage(page);
    await streamReady(page);
    // The page's list came in its HTML and no change has been made since.
    expect(reads).toBe(0);
  });

  test('shows a change made after its data was read and before its stream was following', async ({
    page,
  }, testInfo) => {
    await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Cai', 'Catchup') });
    await createTask(page.request, { title: 'Sent with the page' });
    await noteStreamEvents(page, 'ready');
    // The stream held back until the change below is made.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${LIVE_SYNC.path}`, async (route) => {
      await released;
      await route.continue();
    });
    const sent = await page.goto(paths.tasks);
    expect(await sent?.text()).toContain(pageData);
    await expectAppOwnsPage(page);
    await createTask(page.request, { title: 'Made in between' });
    release();
    await streamReady(page);
    await expect(row(page, 'Made in between')).toBeVisible({ timeout: SYNC_BUDGET_MS + 1000 });
  });
});

test('sync delay over 50 changes: median and p95 within budget', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Mo', 'Measure') });
  const watcher = await secondDevice(page.context(), browser);
  await openTasks(watcher);
  const delays: number[] = [];
  for (let i = 1; i <= SAMPLES; i++) {
    const title = `Change ${i}`;
    const written = await createTask(page.request, { title });
    const started = Date.now();
    // Measured in the watching page: from the write's answer to the row on its screen.
    await expect(row(watcher, title)).toBeVisible({ timeout: 5000 });
    delays.push(Date.now() - started);
    expect(written.title).toBe(title);
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const figures = { samples: SAMPLES, medianMs: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) };
  console.log(`live sync delay over ${SAMPLES} changes: ${JSON.stringify(figures)}`);
  writeFileSync(
    join(STATE_DIR, 'live-sync.json'),
    `${JSON.stringify({ ...figures, delays }, null, 2)}\n`,
  );
  expect(figures.p95Ms).toBeLessThan(SYNC_BUDGET_MS);
});

test('logging out of all devices on one device ends the live stream of the other, which goes to sign-in at once', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await signIn(page, { email, onboard: newOnboarding('Dev', 'Ices') });

  // The phone: a sign-in of its own, so a session of its own. Once its stream
  // is open its clock stops, so its 30-second session check never runs: only
  // the stream's end can send it to sign-in.
  const phoneContext = await browser.newContext({ reducedMotion: 'reduce' });
  const phone = await phoneContext.newPage();
  await phone.clock.install();
  const streamOpened = phone.waitForResponse(
    (response) => response.url() === `${API_BASE}${LIVE_SYNC.path}` && response.status() === 200,
  );
  await phone.goto(paths.login);
  await phone.getByRole('button', { name: 'Continue with Google' }).click();
  await phone.getByLabel('Email').fill(email);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expectPath(phone, paths.dashboard);
  await openTasks(phone);
  await streamOpened;
  await phone.clock.pauseAt(Date.now() + 1_000);

  // The laptop logs out of all devices from its account panel.
  await page.getByRole('button', { name: 'Log out of all devices' }).click();
  await expectPath(page, paths.login);

  await expect(toast(phone, MESSAGES.sessionExpired)).toBeVisible();
  await expectPath(phone, paths.login);
  await phoneContext.close();
});
