// `pnpm perf:waterfall`: one first visit of a page, signed in as the perf
// user, on a phone throttled the way Lighthouse's mobile preset applies it
// in DevTools (562.5 ms round trips, 1.47 Mbit/s down, a 4× slower CPU), drawn
// as a timeline (waterfall.ts). Not simulated: every bar is what this
// Chromium fetched and ran. WATERFALL_PAGE picks the page (default /tasks),
// WATERFALL_OUT the SVG file (default e2e/.state/perf/waterfall.svg).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from '@playwright/test';
import { HOST_URL, STATE_DIR } from '../support/env';
import { seedUser } from './perf-users';
import { drawTimeline, type Fetched, kindOf } from './waterfall';

// Lighthouse's "devtools" throttling for its mobile preset (constants.js: mobileSlow4G, adjusted).
const LATENCY_MS = 562.5;
const DOWN_BYTES_PER_S = (1474.56 * 1024) / 8;
const UP_BYTES_PER_S = (675 * 1024) / 8;
const CPU_SLOWDOWN = 4;

declare global {
  interface Window {
    __timeline?: { longTasks: { start: number; duration: number }[]; lcp: number };
  }
}

test('draws a first visit on a throttled phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const path = process.env.WATERFALL_PAGE ?? '/tasks';
  const out = process.env.WATERFALL_OUT ?? join(STATE_DIR, 'perf', 'waterfall.svg');
  const cookies = await seedUser(browser);
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  // Observers from the document's start: the long tasks and the last LCP candidate.
  await page.addInitScript(() => {
    const timeline = { longTasks: [] as { start: number; duration: number }[], lcp: 0 };
    window.__timeline = timeline;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        timeline.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timeline.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: DOWN_BYTES_PER_S,
    uploadThroughput: UP_BYTES_PER_S,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Drawn once the page's own data has come and the network has gone quiet after it.
  const pageData = page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    return (
      pathname.startsWith('/api/') && !/^\/api\/(auth|health|events|telemetry)\//.test(pathname)
    );
  });
  await page.goto(`${HOST_URL}${path}`);
  await pageData;
  await page.waitForLoadState('networkidle');

  const recorded = await page.evaluate(() => ({
    resources: performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({
        url: entry.name,
        initiator: entry.initiatorType,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    navigationEnd:
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.responseEnd ?? 0,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    timeline: window.__timeline,
  }));
  await context.close();
  // A file from another origin (a remote hosted apart) is named with its host.
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    const where = parsed.origin === new URL(HOST_URL).origin ? '' : parsed.host;
    return `${where}${parsed.pathname}${parsed.search}`;
  };
  const fetched: Fetched[] = [
    { name: path, kind: 'document', start: 0, end: recorded.navigationEnd },
    ...recorded.resources.map((resource) => ({
      name: pathOf(resource.url),
      kind: kindOf(pathOf(resource.url), resource.initiator),
      start: resource.start,
      end: resource.end,
    })),
  ];
  const svg = drawTimeline({
    title: `${path}, first visit, a phone on slow 4G with a 4× slower CPU (${new Date().toISOString().slice(0, 10)})`,
    fetched,
    longTasks: recorded.timeline?.longTasks ?? [],
    fcp: recorded.fcp,
    lcp: recorded.timeline?.lcp ?? 0,
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, svg);
  console.log(
    `${path}: FCP ${Math.round(recorded.fcp)} ms, LCP ${Math.round(recorded.timeline?.lcp ?? 0)} ms, ${fetched.length} files, ${recorded.timeline?.longTasks.length ?? 0} long tasks → ${out}`,
  );
});
