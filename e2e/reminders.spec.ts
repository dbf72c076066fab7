// Reminders on the composed production build with the real API and its
// scheduler: set in quick add and in the editor, delivered to the open tab
// as a toast whose Snooze and Done go through the API, and — with
// notifications allowed and the tab in the background — as a system
// notification through the service worker; axe in every look with the
// editor's reminders drawn. (Web Push itself needs a browser push service,
// which these machines cannot reach: the API's sends are tested against a
// local push service in api/test/push.test.ts.)
import { expect, type Page, test } from '@playwright/test';
import { createTask, readTask } from './support/api';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { expectNoSeriousViolationsInEveryLook } from './support/axe';
import { openTasks, quickAdd, taskRow as row } from './support/tasks-page';

test.use({ permissions: ['notifications'] });

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Rita', 'Reminder') });
});

/** An instant a few seconds ahead: the scheduler looks every two seconds. */
const soon = (seconds = 3) => new Date(Date.now() + seconds * 1000).toISOString();

const reminderToast = (page: Page, title: string) =>
  page.getByTestId('toast').filter({ hasText: title }).filter({ hasText: 'Reminder ·' });

test('quick add and the editor set reminders; the tab shows them; Snooze and Done answer them', async ({
  page,
}) => {
  await openTasks(page);
  await quickAdd(page).fill('Pay rent tomorrow 9am remind me 30m before');
  await quickAdd(page).press('Enter');
  await expect(row(page, 'Pay rent')).toBeVisible();
  await expect(row(page, 'Pay rent').getByText('Reminders: 30 min before')).toBeAttached();

  // The editor lists it; add a second one and save.
  await row(page, 'Pay rent').getByRole('button', { name: 'Pay rent', exact: true }).click();
  const picker = page.getByRole('group', { name: 'Reminders' });
  const set = picker.getByRole('listitem');
  await expect(set).toHaveText(['30 min before×']);
  await picker.getByLabel('Remind me').selectOption('1440');
  await picker.getByRole('button', { name: 'Add reminder' }).click();
  await expect(set).toHaveText(['30 min before×', '1 day before×']);
  await expectNoSeriousViolationsInEveryLook(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    row(page, 'Pay rent').getByText('Reminders: 30 min before; 1 day before'),
  ).toBeAttached();

  // A reminder due in a moment reaches this tab; Snooze puts it off through the API.
  const call = await createTask(page.request, {
    title: 'Call the dentist',
    reminders: [{ at: soon() }],
  });
  const first = reminderToast(page, 'Call the dentist');
  await expect(first).toBeVisible({ timeout: 15_000 });
  await first.getByRole('button', { name: 'Snooze 10 min' }).click();
  await expect(first).toHaveCount(0);
  await expect(page.getByText('Snoozed for 10 minutes')).toBeVisible();

  // Done marks its task done.
  const post = await createTask(page.request, {
    title: 'Post the parcel',
    reminders: [{ at: soon() }],
  });
  const second = reminderToast(page, 'Post the parcel');
  await expect(second).toBeVisible({ timeout: 15_000 });
  await second.getByRole('button', { name: 'Done' }).click();
  await expect.poll(async () => (await readTask(page.request, post.id)).status).toBe('done');
  await expect(page.getByText('Done: Post the parcel')).toBeVisible();
  expect((await readTask(page.request, call.id)).status).toBe('todo');
});

test.describe('with the service worker', () => {
  // The service worker is the one that shows it (with its Done and Snooze actions).
  test.use({ serviceWorkers: 'allow' });

  test('a tab in the background also shows a system notification, under the reminder’s tag', async ({
    page,
  }) => {
    await openTasks(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // As a browser reports a tab the user has left.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    });
    await createTask(page.request, {
      title: 'Take the bins out',
      reminders: [{ at: soon() }],
    });
    await expect(reminderToast(page, 'Take the bins out')).toBeVisible({ timeout: 15_000 });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        actions: (notification as Notification & { actions?: { action: string }[] }).actions?.map(
          (action) => action.action,
        ),
      }));
    });
    expect(shown).toEqual([
      {
        title: 'Take the bins out',
        body: expect.stringMatching(/^Reminder · Today, \d\d:\d\d$/),
        tag: expect.stringMatching(/^reminder:/),
        actions: ['done', 'snooze'],
      },
    ]);
  });
});
