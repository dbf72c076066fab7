// The host's remote-load telemetry (docs/architecture.md §9) in a real browser, against
// the real API: a signed-out page reports its remote's load under the
// browser's telemetry id, and a page going away sends what is pending at
// once instead of waiting for the batch's timer. The API's side is tested in api/test/telemetry.test.ts, the
// canary watcher's use of it in releases.spec.ts.
import { expect, test } from '@playwright/test';
import { COPY, paths } from '@stride/shared';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { API_BASE } from './support/env';
import { pageHeading, toast } from './support/page';

test('a signed-out page reports its remote load under the browser’s id, at once when the page goes away', async ({
  page,
}) => {
  await page.goto(paths.login);
  await expect(pageHeading(page, /Sign in/)).toBeVisible();
  // The heading is in the HTML before any script: the welcome toast says the
  // app has taken the page over, so its remote's load is counted and pending.
  await expect(toast(page, COPY.welcome)).toBeVisible();
  const reported = page.waitForResponse(
    (response) =>
      response.url() === `${API_BASE}${REMOTE_LOADS.path}` &&
      response.request().method() === 'POST',
    // Well inside the batch's two-second timer: only the pagehide flush can be this quick.
    { timeout: 1_000 },
  );
  // What a closing tab fires (a real close was checked by hand: Playwright cannot see
  // a keepalive request that outlives its page).
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const response = await reported;
  expect(response.status()).toBe(202);
  const body = response.request().postDataJSON();
  expect(body).toEqual({
    client: expect.stringMatching(/^[0-9a-f]{32}$/),
    loads: [
      { app: 'remote_auth', version: 'local', outcome: 'ok', duration_ms: expect.any(Number) },
    ],
  });
  // Under the browser's telemetry id, kept for its next pages (the API counts each browser once).
  expect(await page.evaluate(() => localStorage.getItem('stride.telemetry-id'))).toBe(body.client);
});
