// Labels on the composed production build with the real API: `@words` in
// quick add, the editor's picker (and Ctrl-Z to take a change back), the
// Label filter, and the label manager's rename, colour and delete; axe in
// both themes at 375 px with chips, the picker and the manager drawn.
import { expect, type Page, test } from '@playwright/test';
import type { Label } from '@stride/shared/contract';
import { apiCall, createTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook } from './support/axe';
import { expectAppOwnsPage } from './support/page';
import { openTasks, quickAdd, taskRow as row } from './support/tasks-page';

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Lena', 'Label') });
});

const labelsOf = (page: Page, title: string) =>
  row(page, title).locator('.label-chip').allTextContents();
const labelsOnServer = (page: Page) =>
  apiCall<{ items: Label[] }>(page.request, 'GET', '/labels/').then((answer) => answer.items);

test('quick add @words, the editor’s picker, undo, and the Label filter', async ({ page }) => {
  await openTasks(page);
  await quickAdd(page).fill('Buy milk @errand @Home');
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Buy milk')).toBeVisible();
  await expect.poll(() => labelsOf(page, 'Buy milk')).toEqual(['Label @errand', 'Label @Home']);
  await createTask(page.request, { title: 'Water plants', labels: ['Home'] });

  // The editor: take Home off, add errand's neighbour by typing a new name.
  await row(page, 'Buy milk').getByRole('button', { name: 'Buy milk', exact: true }).click();
  const picker = page.getByRole('group', { name: 'Labels' });
  await picker.getByRole('button', { name: 'Remove label Home' }).click();
  await picker.getByLabel('Add a label').fill('waiting');
  await picker.getByLabel('Add a label').press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => labelsOf(page, 'Buy milk')).toEqual(['Label @errand', 'Label @waiting']);
  expect((await labelsOnServer(page)).map((label) => label.name)).toEqual([
    'errand',
    'Home',
    'waiting',
  ]);

  // Ctrl-Z takes the change back through the API.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => labelsOf(page, 'Buy milk')).toEqual(['Label @errand', 'Label @Home']);
  await page.reload();
  await expect.poll(() => labelsOf(page, 'Buy milk')).toEqual(['Label @errand', 'Label @Home']);

  // The Label filter asks the API for the tasks with that label, once the app
  // has taken over the page the server sent with its data.
  await expectAppOwnsPage(page);
  await page.getByLabel('Label', { exact: true }).selectOption('errand');
  await expect(page).toHaveURL(/label=errand/);
  await expect(row(page, 'Water plants')).toHaveCount(0);
  await expect(row(page, 'Buy milk')).toBeVisible();
});

test('the label manager renames, recolours and deletes; axe with labels drawn', async ({
  page,
}) => {
  await createTask(page.request, { title: 'Post the parcel', labels: ['errand', 'waiting'] });
  await openTasks(page);
  await expect
    .poll(() => labelsOf(page, 'Post the parcel'))
    .toEqual(['Label @errand', 'Label @waiting']);

  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels' });
  await dialog.getByLabel('New label').fill('someday');
  await dialog.getByLabel('Colour', { exact: true }).selectOption('violet');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(dialog.getByLabel('Name of label someday')).toBeVisible();

  const name = dialog.getByLabel('Name of label errand');
  await name.fill('shops');
  await name.press('Enter');
  await dialog.getByLabel('Colour of label shops').selectOption('teal');
  await expect(dialog.getByLabel('Colour of label shops')).toHaveValue('teal');
  await expectNoSeriousViolationsInEveryLook(page);

  await dialog.getByRole('button', { name: 'Delete label waiting' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByLabel('Name of label waiting')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(() => labelsOf(page, 'Post the parcel')).toEqual(['Label @shops']);
  await expect(row(page, 'Post the parcel').locator('.label-chip')).toHaveAttribute(
    'data-color',
    'teal',
  );
  // The editor's picker, open, in every look.
  await row(page, 'Post the parcel')
    .getByRole('button', { name: 'Post the parcel', exact: true })
    .click();
  await expect(page.getByRole('group', { name: 'Labels' })).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
});
