// Spec §4 "Health" and §8: after 5 consecutive failed checks exactly one
// warning toast, shown once, and again only after a recovery and 5 more
// failures. The health URL is answered by the test (fault injection) and the
// 5-minute poll is driven by Playwright's clock.
import { expect, type Page, type Route, test } from '@playwright/test';
import { HEALTH_POLL_INTERVAL_MS, HEALTH_WARNING_THRESHOLD, MESSAGES, paths } from '@stride/shared';
import { API_BASE } from './support/env';
import { toast } from './support/page';

type Answer = 'healthy' | 'unhealthy' | 'cache-down' | 'unreachable';

// docs/architecture.md §4: a sick database makes the API unhealthy (503), a sick cache degraded (200).
const BODIES = {
  'cache-down': {
    status: 'degraded',
    checks: { database: { status: 'healthy' }, cache: { status: 'unhealthy' } },
  },
  healthy: {
    status: 'healthy',
    checks: { database: { status: 'healthy' }, cache: { status: 'healthy' } },
  },
  unhealthy: {
    status: 'unhealthy',
    checks: { database: { status: 'unhealthy' }, cache: { status: 'healthy' } },
  },
};

/** Serves GET {api}/health/ as told and counts the checks the page made. */
async function controlHealth(page: Page) {
  const state = { answer: 'unhealthy' as Answer, checks: 0, answered: 0 };
  await page.route(`${API_BASE}/health/`, async (route: Route) => {
    state.checks++;
    if (state.answer === 'unreachable') await route.abort('connectionrefused');
    else
      await route.fulfill({
        status: state.answer === 'unhealthy' ? 503 : 200,
        json: BODIES[state.answer],
      });
    state.answered++;
  });
  /** Lets the next 5-minute poll run and waits until its answer is in. */
  const nextCheck = async () => {
    const expected = state.checks + 1;
    await page.clock.fastForward(HEALTH_POLL_INTERVAL_MS);
    await expect.poll(() => state.answered).toBe(expected);
    // The answer is in; let the page's promise chain act on it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  return { state, nextCheck };
}

for (const [answer, message] of [
  ['unhealthy', MESSAGES.healthServicesIssues],
  ['cache-down', MESSAGES.healthServicesIssues],
  ['unreachable', MESSAGES.healthUnreachable],
] as const) {
  test(`${answer}: one warning at the 5th failure, once, and again only after a recovery`, async ({
    page,
  }) => {
    const warning = toast(page, message);
    await page.clock.install();
    const { state, nextCheck } = await controlHealth(page);
    state.answer = answer;
    await page.goto(paths.login);
    // The first check runs at start.
    await expect.poll(() => state.answered).toBe(1);
    for (let failures = 2; failures < HEALTH_WARNING_THRESHOLD; failures++) await nextCheck();
    await expect(warning).toHaveCount(0);

    await nextCheck(); // the 5th failure
    await expect(warning).toHaveCount(1);
    await expect(page.getByText(/MAJOR WARNING/)).toHaveCount(1);

    // Dismissed, it stays away while the failures go on: it was shown once.
    await warning.locator('..').getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(warning).toHaveCount(0);
    await nextCheck();
    await nextCheck();
    await expect(warning).toHaveCount(0);

    // A healthy answer resets the count; four failures are not enough again…
    state.answer = 'healthy';
    await nextCheck();
    state.answer = answer;
    for (let failures = 1; failures < HEALTH_WARNING_THRESHOLD; failures++) await nextCheck();
    await expect(warning).toHaveCount(0);
    // …the fifth is.
    await nextCheck();
    await expect(warning).toHaveCount(1);
  });
}

test('an answer with no unhealthy service (cache unknown) is no failure', async ({ page }) => {
  await page.clock.install();
  let checks = 0;
  await page.route(`${API_BASE}/health/`, async (route) => {
    checks++;
    await route.fulfill({
      status: 200,
      json: {
        status: 'degraded',
        checks: { database: { status: 'healthy' }, cache: { status: 'unknown' } },
      },
    });
  });
  await page.goto(paths.login);
  await expect.poll(() => checks).toBe(1);
  for (let i = 2; i <= HEALTH_WARNING_THRESHOLD + 1; i++) {
    await page.clock.fastForward(HEALTH_POLL_INTERVAL_MS);
    await expect.poll(() => checks).toBe(i);
  }
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect(page.getByText(/MAJOR WARNING/)).toHaveCount(0);
});
