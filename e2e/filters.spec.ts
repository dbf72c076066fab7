// The filter language on the composed production build with the real API:
// a filter typed in the toolbar is run by the API (`p1 | @errand`, a goal,
// negation), one it cannot read is shown with its spot marked, and a filter
// saved as a view is listed beside All/Today/Upcoming and in the command
// palette; axe in both themes at 375 px.
import { expect, type Page, test } from '@playwright/test';
import { createGoal, createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook } from './support/axe';
import { openTasks } from './support/tasks-page';

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Fay', 'Filter') });
});

const titles = (page: Page) =>
  page.getByTestId('task-row').locator('.task-row__title').allTextContents();

async function applyFilter(page: Page, filter: string) {
  await page.getByLabel('Filter', { exact: true }).fill(filter);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('filters run by the API, a bad one explained, a saved view in the page and the palette', async ({
  page,
}) => {
  const { id: home } = await createGoal(page.request, { title: 'Home renovation' });
  await createTask(page.request, { title: 'Pay the builder', priority: 'high', goal_id: home });
  await createTask(page.request, { title: 'Buy paint', labels: ['errand'], goal_id: home });
  await createTask(page.request, { title: 'Post a letter', labels: ['errand', 'waiting'] });
  await createTask(page.request, { title: 'Read a book' });
  await openTasks(page);
  // On a phone the filters fold behind their button.
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) await toggle.click();

  await applyFilter(page, 'p1 | @errand');
  await expect(page).toHaveURL(/filter=p1/);
  await expect.poll(() => titles(page)).toEqual(['Post a letter', 'Buy paint', 'Pay the builder']);
  await applyFilter(page, '#HomeRenovation & !p1');
  await expect.poll(() => titles(page)).toEqual(['Buy paint']);
  await applyFilter(page, '@errand & !@waiting | search: book');
  await expect.poll(() => titles(page)).toEqual(['Read a book', 'Buy paint']);

  // A filter the API cannot read: what is wrong, and where.
  await applyFilter(page, 'p1 & tody');
  const notice = page.getByRole('alert').filter({ hasText: 'This filter cannot be read' });
  await expect(notice).toContainText('tody');
  await expect(notice.locator('mark')).toHaveText('t');
  await expectNoSeriousViolationsInEveryLook(page);

  // Saved as a view: a link beside All, Today and Upcoming, and a palette command.
  await applyFilter(page, '@errand');
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByLabel('Name of the view').fill('Errands');
  await page.getByLabel('Name of the view').press('Enter');
  const views = page.getByRole('navigation', { name: 'Task views' });
  await expect(views.getByRole('link', { name: 'Errands' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousViolationsInEveryLook(page);

  await views.getByRole('link', { name: 'All' }).click();
  await expect.poll(() => titles(page).then((list) => list.length)).toBe(4);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('errands');
  await palette.getByRole('option', { name: /View: Errands/ }).click();
  await expect(page).toHaveURL(/filter=%40errand/);
  await expect.poll(() => titles(page)).toEqual(['Post a letter', 'Buy paint']);
});
