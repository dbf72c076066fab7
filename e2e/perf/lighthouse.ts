// One Lighthouse audit (npm `lighthouse`, mobile preset, simulated
// throttling) in Debian's Chromium: no browser is downloaded. A signed-in
// page gets the session cookie as a header on every request (cookies ignore
// the port, so one header serves the host and the API on localhost).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { PageFigures } from './budgets';

export interface Auditor {
  audit: (page: string, url: string, cookie?: string) => Promise<PageFigures>;
  close: () => Promise<void>;
}

const CHROMIUM = '/usr/bin/chromium';

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
  return {
    async audit(page, url, cookie) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      writeFileSync(
        join(reportDir, `${page.replace(/\W+/g, '') || 'root'}.json`),
        String(result.report),
      );
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
    close: async () => {
      chrome.kill();
    },
  };
}
