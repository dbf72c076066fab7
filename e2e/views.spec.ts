// The Tasks page's Today and Upcoming views on the composed
// production build with the real API, and the dashboard cards that open them.
import { expect, type Page, test } from '@playwright/test';
import { paths, taskViewHref } from '@stride/shared';
import { createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { localDate } from './support/tasks-page';

const section = (page: Page, name: string) =>
  page.locator('section.task-day').filter({ has: page.getByRole('heading', { name, level: 2 }) });

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Vic', 'Views') });
});

async function seed(page: Page) {
  await createTask(page.request, { title: 'Late by two', due_date: localDate(-2) });
  await createTask(page.request, { title: 'Late by one', due_date: localDate(-1) });
  await createTask(page.request, { title: 'Today, low', due_date: localDate(0), priority: 'low' });
  await createTask(page.request, {
    title: 'Today, high',
    due_date: localDate(0),
    priority: 'high',
  });
  await createTask(page.request, { title: 'Done today', due_date: localDate(0), status: 'done' });
  await createTask(page.request, { title: 'In three days', due_date: localDate(3) });
  await createTask(page.request, { title: 'Next month', due_date: localDate(40) });
  await createTask(page.request, { title: 'No date' });
  await createTask(page.request, {
    title: 'Stretch',
    due_date: localDate(0),
    repeat: 'FREQ=DAILY',
  });
}

test('Today: overdue first (oldest first), then today (most important first)', async ({ page }) => {
  await seed(page);
  await page.goto(paths.dashboard);
  await expect(page.getByTestId('summary-overdue')).toHaveAttribute('href', taskViewHref('today'));
  await page.getByTestId('summary-today').click();
  await expect(page).toHaveURL(new RegExp(`${taskViewHref('today').replace('?', '\\?')}$`));
  await expect(page.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  const overdue = section(page, 'Overdue 2').getByTestId('task-row');
  await expect(overdue).toHaveText([/Late by two/, /Late by one/]);
  const today = section(page, 'Today 3').getByTestId('task-row');
  await expect(today).toHaveText([/Today, high/, /Stretch|Today, low/, /Stretch|Today, low/]);
  await expect(page.getByText('Done today')).toHaveCount(0);
  await expect(page.getByText('No date')).toHaveCount(0);

  // A ticked task stays in place, ticked (so a slip can be undone), and is
  // gone from the view's open list the next time it loads.
  const tick = section(page, 'Today 3').getByRole('checkbox', { name: 'Done: Today, low' });
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
  await tick.check();
  await expect(tick).toBeChecked();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(section(page, 'Today 2').getByTestId('task-row')).toHaveCount(2);
});

test('Upcoming: the next 14 days by day, with the days a repeating task comes round', async ({
  page,
}) => {
  await seed(page);
  await page.goto(taskViewHref('upcoming'));
  const days = page.locator('section.task-day');
  await expect(days).toHaveCount(14);
  const inThree = page.locator(`section.task-day[data-date="${localDate(3)}"]`);
  await expect(inThree.getByTestId('task-row')).toHaveText([/In three days/]);
  await expect(inThree.getByTestId('task-occurrence')).toHaveText([/Stretch\s*every day/]);
  await expect(page.locator(`section.task-day[data-date="${localDate(1)}"]`)).toBeVisible();
  await expect(page.locator(`section.task-day[data-date="${localDate(0)}"]`)).toHaveCount(0);
  await expect(page.getByText('Next month')).toHaveCount(0);

  // Moving a task's date in the editor moves it between days.
  await inThree.getByRole('button', { name: 'In three days', exact: true }).click();
  await page.getByLabel('Due date').fill(localDate(5));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator(`section.task-day[data-date="${localDate(5)}"]`).getByTestId('task-row'),
  ).toHaveText([/In three days/]);
  await expect(inThree.getByTestId('task-row')).toHaveCount(0);

  // All is a link back, with the filters.
  await page.getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.tasks && url.search === '');
  await expect(page.getByRole('searchbox').or(page.getByPlaceholder(/Search tasks/))).toBeVisible();
});

test('axe: Today and Upcoming, light and dark, 1280 and 375 px', async ({ page }) => {
  await useLook(page, LOOKS[0]);
  await seed(page);
  await page.goto(taskViewHref('today'));
  await expect(section(page, 'Overdue 2')).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
  await page.goto(taskViewHref('upcoming'));
  await expect(page.getByTestId('task-occurrence').first()).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
});
