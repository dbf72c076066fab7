// One Lighthouse audit (npm `lighthouse`, mobile preset, simulated
// throttling) in Debian's Chromium: no browser is downloaded. A signed-in
// page is audited with the user's cookies in the browser's own cookie jar,
// which Lighthouse's storage reset leaves alone. (A Cookie header through
// Lighthouse's extraHeaders lost to the jar as soon as the server had set a
// cookie of its own, the release id: every signed-in audit then measured a
// redirect to /login. Each audit now fails unless it ended on its page.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { cpuSlowdownFor, type PageFigures, REFERENCE_CPU } from './budgets';

export interface Auditor {
  /**
   * This machine's CPU as Lighthouse measures it (its benchmark index, the
   * median of three quick audits of `url`), and the slowdown that makes it
   * the reference phone (budgets.ts, cpuSlowdownFor), which every audit
   * after it uses.
   */
  calibrate: (url: string) => Promise<{ benchmarkIndex: number; cpuSlowdown: number }>;
  /** `keepStorage`: a repeat visit, with what an earlier visit left (Lighthouse's --disable-storage-reset). */
  audit: (
    page: string,
    url: string,
    cookies: Cookie[],
    keepStorage?: boolean,
  ) => Promise<PageFigures>;
  /**
   * A first visit the way a person makes it, signed in with `cookies`: the
   * page opens, and the service worker takes over and keeps the app's files
   * and the user's answers (docs/architecture.md §11) before it closes.
   */
  visit: (url: string, cookies: Cookie[]) => Promise<void>;
  close: () => Promise<void>;
}

export type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

const CHROMIUM = '/usr/bin/chromium';

/** The mobile preset's network (Lighthouse's constants: 150 ms round trips, 1.6 Mbit/s down). */
const MOBILE_SLOW_4G = constants.throttling.mobileSlow4G;

/**
 * Starts Chromium for a run of audits. Each page's full report is kept in
 * `reportDir` (`<page>.json`, open it in the Lighthouse viewer) to see what
 * an over-budget figure is made of.
 */
export async function startAuditor(reportDir: string): Promise<Auditor> {
  mkdirSync(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  /** Runs `use` on Chromium's default context, over a connection it then ends. */
  async function withContext(use: (context: BrowserContext) => Promise<void>): Promise<void> {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const [context] = browser.contexts();
      if (!context) throw new Error('Chromium has no default context');
      await use(context);
    } finally {
      // Leaves Chromium running: this only ends the connection.
      await browser.close();
    }
  }
  let cpuSlowdown: number = REFERENCE_CPU.slowdown;
  /** One Lighthouse run of `url` with the current slowdown; throws on a failed run. */
  async function run(url: string, keepStorage: boolean) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
      // The mobile preset's network, with this machine's slowdown (calibrate).
      throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result;
  }
  return {
    async calibrate(url) {
      const indexes: number[] = [];
      for (let i = 0; i < 3; i++) {
        indexes.push((await run(url, false)).lhr.environment.benchmarkIndex);
      }
      const benchmarkIndex = indexes.sort((a, b) => a - b)[1] ?? Number.NaN;
      cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
      return { benchmarkIndex, cpuSlowdown };
    },
    async audit(page, url, cookies, keepStorage = false) {
      // Exactly this visitor's cookies (none for a guest), as their browser would hold them; a
      // repeat visit keeps those its last visit set too (the worker's, WORKER_COOKIE).
      await withContext(async (context) => {
        if (!keepStorage) await context.clearCookies();
        await context.addCookies(cookies);
      });
      const result = await run(url, keepStorage);
      const { lhr } = result;
      // A redirect (a session that did not reach the server, a guard) would audit another page.
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
        throw new Error(`${page}: the audit ended on ${lhr.finalDisplayedUrl}, not ${url}`);
      }
      const file = page.replace(/\W+/g, '') || 'root';
      writeFileSync(join(reportDir, `${file}.json`), String(result.report));
      // PERF_TRACE=1 keeps each audit's Chromium trace too, to open in DevTools' Performance panel.
      if (process.env.PERF_TRACE) {
        writeFileSync(
          join(reportDir, `${file}.trace.json`),
          JSON.stringify(result.artifacts.Trace),
        );
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scripts =
        (
          lhr.audits['network-requests']?.details as
            | { items: { resourceType?: string; transferSize?: number }[] }
            | undefined
        )?.items ?? [];
      const shifted =
        (
          lhr.audits['layout-shifts']?.details as
            | { items: { node?: { selector?: string; snippet?: string }; score?: number }[] }
            | undefined
        )?.items ?? [];
      return {
        page,
        shifts: shifted.map(
          (item) =>
            `${item.node?.selector ?? item.node?.snippet ?? '?'} (${(item.score ?? 0).toFixed(3)})`,
        ),
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        bytes: value('total-byte-weight'),
        jsBytes: scripts
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      };
    },
    async visit(url, cookies) {
      await withContext(async (context) => {
        await context.clearCookies();
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(url);
        await expect
          .poll(
            () =>
              page.evaluate(async () => {
                const names = await caches.keys();
                // Not opened before the app has made it: opened here first, it would be
                // made empty, and the app's own opening would not add its store.
                const made = (await indexedDB.databases()).some(
                  (db) => db.name === 'stride-offline',
                );
                const saved = await new Promise<number>((resolve) => {
                  if (!made) return resolve(0);
                  const open = indexedDB.open('stride-offline');
                  open.onerror = () => resolve(0);
                  open.onsuccess = () => {
                    const db = open.result;
                    if (!db.objectStoreNames.contains('data')) return resolve(0);
                    const count = db.transaction('data').objectStore('data').count();
                    count.onsuccess = () => resolve(count.result);
                    count.onerror = () => resolve(0);
                  };
                });
                return (
                  navigator.serviceWorker.controller !== null &&
                  names.some((name) => name.startsWith('stride-release:')) &&
                  names.includes('stride-pages') &&
                  saved >= 2 // the user, and their answers
                );
              }),
            { timeout: 60_000 },
          )
          .toBe(true);
        await page.close();
      });
    },
    close: async () => {
      chrome.kill();
    },
  };
}
