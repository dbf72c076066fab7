// The first-load budget (docs/architecture.md §2 singletons): a signed-in,
// onboarded user opens /dashboard on a phone (a touch screen 375 px wide) in
// a fresh browser (cold cache).
//
// What is counted: every JavaScript request a phone would make in its first
// seconds: from navigation start to five seconds later, from any origin,
// whether the dashboard needed it or the host fetched it afterwards (the
// menus' Radix, the fade's framer-motion, the warm-up of other pages), each
// followed to the end of its download.
//
// Sizes are gzip (zlib, level 9) of each decoded body, so the figure does not
// depend on whether the server chose br or gzip.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Request, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { newOnboarding, signIn } from './support/auth';
import { HOST_URL, REMOTE_APPS, ROOT } from './support/env';
import { pageHeading } from './support/page';

// 199.7 KB on 2026-11-27 (about 216 KB while the account panel loaded its form at settle).
const BUDGET_BYTES = 200 * 1024;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
/** How long after navigation start a request still counts. */
const WINDOW_MS = 5_000;
/**
 * Each must come from exactly one app's build, once. react-router is no
 * longer shared but still one copy: the host's, which the remotes use through
 * @stride/shared (found by its license banner).
 */
const SINGLETON_PACKAGES = ['react', 'react-dom', 'react-router', 'zustand', '@stride/shared'];
/**
 * Hook names that only the federation runtime core defines (its plugin
 * system). A remote entry built with `experiments.externalRuntime` uses the
 * host's runtime through `_FEDERATION_RUNTIME_CORE` and must contain none of
 * them; the host's own bundle must contain them all (the control).
 */
const RUNTIME_CORE_MARKERS = [
  'errorLoadRemote',
  'loadEntryError',
  'beforeRequest',
  'afterResolve',
  'generatePreloadAssets',
  'loadRemoteSnapshot',
  'beforeLoadShare',
];

interface SharedStat {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

const APPS = [{ dir: 'host', url: HOST_URL }, ...REMOTE_APPS];

function addOwner(owners: Map<string, Set<string>>, url: string, pkg: string): void {
  const packages = owners.get(url) ?? new Set<string>();
  packages.add(pkg);
  owners.set(url, packages);
}

/**
 * Asset URL → the shared packages it carries. First from each app's
 * mf-stats.json (`shared[].assets.js`), which lists the chunks that load a
 * shared package; then from the license banner Rspack writes beside a chunk
 * (`<chunk>.LICENSE.txt`, e.g. "react-router v7…", "react-dom.production.js"),
 * which also names the big vendor chunk the stats leave out.
 */
function packageOwners(urls: string[]): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const app of APPS) {
    const stats = JSON.parse(
      readFileSync(join(ROOT, app.dir, 'dist', 'mf-stats.json'), 'utf8'),
    ) as { shared: SharedStat[] };
    for (const shared of stats.shared) {
      // Other shared packages (framer-motion, …) are only labelled, for the report.
      const pkg =
        SINGLETON_PACKAGES.find(
          (name) => shared.name === name || shared.name.startsWith(`${name}/`),
        ) ?? shared.name;
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
        addOwner(owners, new URL(file, `${app.url}/`).href, pkg);
      }
    }
  }
  for (const url of urls) {
    // The app whose files the URL is under: the longest base that prefixes it
    // (under one origin the host's base prefixes every remote's).
    const app = APPS.filter((candidate) => url.startsWith(`${candidate.url}/`)).sort(
      (a, b) => b.url.length - a.url.length,
    )[0];
    const license = app && join(ROOT, app.dir, 'dist', `${url.slice(app.url.length)}.LICENSE.txt`);
    if (!license || !existsSync(license)) continue;
    const text = readFileSync(license, 'utf8');
    if (/\breact-router v\d/.test(text)) addOwner(owners, url, 'react-router');
    if (/\breact-dom[\w-]*\.production\.js/.test(text)) addOwner(owners, url, 'react-dom');
    if (/\* react(-jsx-runtime)?\.production\.js/.test(text)) addOwner(owners, url, 'react');
  }
  return owners;
}

interface Fetched {
  url: string;
  raw: number;
  gzip: number;
  body: string;
}

test('/dashboard, first five seconds: one copy of each singleton, no runtime in remote entries, ≤ 200 KB gzip of JS', async ({
  browser,
}, testInfo) => {
  const signInContext = await browser.newContext();
  await signIn(await signInContext.newPage(), {
    email: `byte-budget-${Date.now()}@example.test`,
    onboard: newOnboarding('Bea', 'Budget'),
  });
  const storageState = await signInContext.storageState();
  await signInContext.close();

  const context = await browser.newContext({ storageState, ...PHONE });
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  const bodies: Promise<Fetched>[] = [];
  let startedAt = Number.POSITIVE_INFINITY;
  const inWindow = () => Date.now() - startedAt <= WINDOW_MS;
  const isScript = (request: Request) =>
    request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');
  page.on('request', (request) => inWindow() && isScript(request) && inFlight.add(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('response', (response) => {
    const url = response.url();
    if (!inFlight.has(response.request())) return;
    bodies.push(
      response
        .body()
        // A worker's script (the locale warm-up) has no body the page can read: ask again.
        .catch(() => context.request.get(url).then((again) => again.body()))
        .then((body) => ({
          url,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          body: body.toString('utf8'),
        })),
    );
  });

  startedAt = Date.now();
  await page.goto(paths.dashboard);
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
  // The rest of the window, then whatever it started, to the end.
  await page.waitForTimeout(Math.max(0, WINDOW_MS - (Date.now() - startedAt)));
  await expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
  const fetched = await Promise.all(bodies);
  await context.close();

  // The figures, for the record.
  const total = fetched.reduce((sum, file) => sum + file.gzip, 0);
  const owners = packageOwners(fetched.map((file) => file.url));
  const rows = [...fetched]
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => {
      const pkgs = [...(owners.get(file.url) ?? [])].join(', ');
      return `  ${(file.gzip / 1024).toFixed(1).padStart(6)} KB gz ${(file.raw / 1024).toFixed(1).padStart(7)} KB raw  ${file.url}${pkgs ? `  [${pkgs}]` : ''}`;
    });
  const report = [
    `/dashboard, its first ${WINDOW_MS / 1000} s: ${fetched.length} JS files, ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`,
    ...rows,
  ].join('\n');
  console.log(report);
  await testInfo.attach('byte-budget.txt', { body: report, contentType: 'text/plain' });

  // Nothing fetched twice.
  const urls = fetched.map((file) => file.url);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);

  // Each singleton from exactly one app.
  for (const pkg of SINGLETON_PACKAGES) {
    const files = urls.filter((url) => owners.get(url)?.has(pkg));
    const origins = new Set(files.map((url) => new URL(url).origin));
    expect(
      [...origins],
      `${pkg} was fetched from ${[...origins].join(', ') || 'nowhere'}`,
    ).toHaveLength(1);
  }

  // Remote entries lean on the host's federation runtime instead of carrying one.
  const entries = fetched.filter((file) => file.url.endsWith('/remoteEntry.js'));
  expect(entries.length).toBeGreaterThan(0);
  const hostJs = fetched
    .filter((file) => file.url.startsWith(`${HOST_URL}/`))
    .map((file) => file.body)
    .join('\n');
  for (const marker of RUNTIME_CORE_MARKERS)
    expect(hostJs, `host bundle has ${marker}`).toContain(marker);
  for (const entry of entries) {
    expect(entry.body, entry.url).toContain('_FEDERATION_RUNTIME_CORE');
    for (const marker of RUNTIME_CORE_MARKERS)
      expect(entry.body, `${entry.url} has ${marker}`).not.toContain(marker);
    // With its own runtime an entry is ~34 KB gzip; without, ~16 KB.
    expect(entry.gzip, entry.url).toBeLessThan(25 * 1024);
  }

  expect(total, `total JS ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
});
