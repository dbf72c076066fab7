// On a phone: no page is wider than the screen (at 320 and 375 px, light and
// dark), and the start-up toast (the spec's info toast) stays inside the
// screen, clear of the page's controls, and goes after a short while.
import { expect, type Page, test } from '@playwright/test';
import { COPY, paths } from '@stride/shared';
import { createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail, uniqueUsername } from './support/auth';
import { pageHeading, toast } from './support/page';
import { openTasks } from './support/tasks-page';

const WIDTHS = [320, 375] as const;
const SCHEMES = ['light', 'dark'] as const;

/**
 * How far the page reaches past the screen's right edge, in CSS pixels (0
 * when it fits), and the first elements that do, to name in a failure.
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const past = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { px: root.scrollWidth - root.clientWidth, past };
  });

async function expectNoOverflow(page: Page, where: string) {
  // Measured once the page's data is in: a list drawn later must fit too.
  await expect(page.locator('.ui-skeleton, .page-spinner')).toHaveCount(0);
  const { px, past } = await overflow(page);
  expect(px, `${where}: ${px} px too wide (${past.join(', ')})`).toBe(0);
}

const SIGNED_IN_ROUTES: [string, string][] = [
  [paths.dashboard, 'Dashboard'],
  [paths.goals, 'Goals'],
  [paths.tasks, 'Tasks'],
  [`${paths.tasks}?view=today`, 'Tasks'],
  [`${paths.tasks}?view=upcoming`, 'Tasks'],
];

for (const scheme of SCHEMES) {
  test(`no page scrolls sideways at 320 and 375 px (${scheme})`, async ({ page }, testInfo) => {
    // Six pages, each at two widths: longer than one page's test.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(paths.login);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      await expectNoOverflow(page, `${paths.login} at ${width} px`);
    }
    await signIn(page, {
      email: uniqueEmail(testInfo),
      onboard: { first_name: 'Wide', last_name: 'Longername', username: uniqueUsername('w') },
    });
    for (const [route, heading] of SIGNED_IN_ROUTES) {
      await page.goto(route);
      await expect(pageHeading(page, heading)).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        await expectNoOverflow(page, `${route} at ${width} px`);
      }
      await page.setViewportSize({ width: 375, height: 740 });
    }
    await page.screenshot({ path: testInfo.outputPath(`tasks-375-${scheme}.png`) });
  });
}

test('the start-up toast on a phone: inside the screen, clear of the page, brief', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(paths.login);
  const welcome = toast(page, COPY.welcome);
  await expect(welcome).toBeVisible();
  const box = await welcome.boundingBox();
  if (!box) throw new Error('the toast has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  // Clear of the sign-in buttons.
  for (const name of ['Continue with Google', 'Continue with Apple']) {
    const button = await page.getByRole('button', { name }).boundingBox();
    if (!button) continue;
    const overlaps =
      box.x < button.x + button.width &&
      button.x < box.x + box.width &&
      box.y < button.y + button.height &&
      button.y < box.y + box.height;
    expect(overlaps, `the toast covers “${name}”`).toBe(false);
  }
  // Brief: gone by itself within seconds (react-hot-toast's own 4 s was too long on a phone).
  await expect(welcome).toBeHidden({ timeout: 3_500 });
});

test('on a phone the Tasks page starts its list near the top, filters folded behind one button', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Pho', 'Ne') });
  await createTask(page.request, { title: 'First on the list' });
  await openTasks(page);
  const firstRow = page.getByTestId('task-row').first();
  await expect(firstRow).toBeVisible();
  const top = (await firstRow.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  // It was about 490 px down before the controls were made compact.
  expect(top, 'the first task’s top edge, in CSS pixels').toBeLessThan(340);

  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(page.getByLabel('Status')).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Status').selectOption('Not done');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expectNoOverflow(page, 'the Tasks page with its filters open');
});
