// The Dashboard remote on the real stack: the summary follows tasks
// and goals written through the API; the account panel edits the profile
// (the spec's two toasts, field errors that keep the input) and logs out of
// every device; axe finds no serious violation in either theme or on a phone.
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES, paths } from '@stride/shared';
import { createGoal, createTask } from './support/api';
import {
  currentUser,
  newOnboarding,
  ORIGIN_HEADER,
  signIn,
  uniqueEmail,
  updateProfile,
} from './support/auth';
import { expectNoSeriousViolationsInEveryLook, LOOKS, useLook } from './support/axe';
import { API_BASE } from './support/env';
import { expectPath, pageHeading, toast, userMenu } from './support/page';

const isoDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const card = (page: Page, label: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(`^${label} \\d+ tasks?$`) });

async function expectCount(page: Page, label: string, count: number) {
  await expect(card(page, label)).toHaveAccessibleName(
    `${label} ${count} ${count === 1 ? 'task' : 'tasks'}`,
  );
}

/** Signed in, onboarded, with "today" in UTC so the test and the API agree on dates. */
async function signInOnDashboard(page: Page, email: string, first: string, last: string) {
  await signIn(page, { email, onboard: newOnboarding(first, last) });
  await updateProfile(page, { timezone: 'UTC' });
  await page.reload();
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
}

test(
  'counts, goal progress and the chart follow tasks created and completed',
  { tag: ['@smoke', '@remote_dashboard'] },
  async ({ page }, testInfo) => {
    await signInOnDashboard(page, uniqueEmail(testInfo), 'Cora', 'Counts');
    // A brand-new user is told how to start.
    await expect(page.getByText('Your dashboard fills in as you go')).toBeVisible();
    await expectCount(page, 'Due today', 0);

    const goal = await createGoal(page.request, {
      title: 'Write the first program',
    });
    await createTask(page.request, {
      title: 'Due now',
      due_date: isoDay(),
      goal_id: goal.id,
    });
    await createTask(page.request, { title: 'Late', due_date: isoDay(-1) });
    const task = await createTask(page.request, {
      title: 'Someday',
      goal_id: goal.id,
    });
    await page.reload();
    await expectCount(page, 'Due today', 1);
    await expectCount(page, 'Overdue', 1);
    await expectCount(page, 'Open', 3);
    await expectCount(page, 'Done this week', 0);
    const progress = page.getByRole('progressbar', { name: 'Write the first program progress' });
    await expect(progress).toHaveAttribute('aria-valuetext', '0 of 2 done');
    await expect(page.getByRole('link', { name: 'Write the first program' })).toHaveAttribute(
      'href',
      `${paths.goals}?goal=${goal.id}`,
    );
    await expect(page.getByTestId('completions-total')).toHaveText('0 in the last 14 days');

    const done = await page.request.patch(`${API_BASE}/tasks/${task.id}/`, {
      headers: ORIGIN_HEADER,
      data: { status: 'done', version: task.version },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.reload();
    await expectCount(page, 'Open', 2);
    await expectCount(page, 'Done this week', 1);
    await expect(progress).toHaveAttribute('aria-valuetext', '1 of 2 done');
    await expect(page.getByTestId('completions-total')).toHaveText('1 in the last 14 days');
    // The screen-reader table: 14 days, today (the last row) with one completion.
    const rows = page.getByRole('table', { name: /Tasks completed per day/ }).getByRole('row');
    await expect(rows).toHaveCount(15);
    await expect(rows.last().getByRole('cell')).toHaveText('1');

    // A card opens the Tasks page with the overdue task listed (views.spec.ts
    // checks which view; a smoke test must hold for older Tasks pages too).
    await card(page, 'Overdue').click();
    await expect(page).toHaveURL((url) => url.pathname === paths.tasks);
    await expect(page.getByRole('button', { name: 'Late', exact: true })).toBeVisible();
  },
);

test(
  'a profile update says so and shows the new name in the top bar',
  { tag: ['@smoke', '@remote_dashboard'] },
  async ({ page }, testInfo) => {
    await signInOnDashboard(page, uniqueEmail(testInfo), 'Ada', 'Lovelace');
    await page.getByLabel('Last name').fill('Byron');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, MESSAGES.profileUpdated)).toBeVisible();
    await expect(userMenu(page, 'Ada Byron')).toBeVisible();
    expect((await currentUser(page)).last_name).toBe('Byron');
    await page.reload();
    await expect(page.getByLabel('Last name')).toHaveValue('Byron');
  },
);

test('a failed update (username taken) says so and keeps what was typed', async ({
  page,
  browser,
}, testInfo) => {
  const other = await browser.newPage();
  const taken = (
    await signIn(other, { email: uniqueEmail(testInfo), onboard: newOnboarding('Tom', 'Taken') })
  ).username;
  await other.close();

  await signInOnDashboard(page, uniqueEmail(testInfo), 'Fay', 'Failing');
  await page.getByLabel('First name').fill('Fiona');
  await page.getByLabel('Username').fill(taken ?? '');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, MESSAGES.profileUpdateFailed)).toBeVisible();
  await expect(page.getByText('That username is taken')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(taken ?? '');
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveValue('Fiona');
  await expect(userMenu(page, 'Fay Failing')).toBeVisible();
});

test('"Log out of all devices" ends this session and the one in another browser', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await signInOnDashboard(page, email, 'Leo', 'Everywhere');

  // The same user on a second device: a sign-in of its own, its own session.
  const device = await browser.newPage();
  await device.goto(paths.login);
  await device.getByRole('button', { name: 'Continue with Google' }).click();
  await device.getByLabel('Email').fill(email);
  await device.getByRole('button', { name: 'Sign in' }).click();
  await expectPath(device, paths.dashboard);
  expect((await currentUser(device)).email).toBe(email);

  await page.getByRole('button', { name: 'Log out of all devices' }).click();
  await expect(toast(page, MESSAGES.loggedOutAll)).toBeVisible();
  await expectPath(page, paths.login);

  const status = await device.request.get(`${API_BASE}/auth/status/`);
  expect(((await status.json()) as { authenticated: boolean }).authenticated).toBe(false);
  await device.reload();
  await expectPath(device, paths.login);
  await device.close();
});

test('a calendar feed: turned on, read by a calendar app with no session, renewed, turned off', async ({
  page,
  playwright,
}, testInfo) => {
  await signInOnDashboard(page, uniqueEmail(testInfo), 'Cal', 'Feed');
  await createTask(page.request, { title: 'Dentist', due_date: isoDay(2), due_time: '09:30' });
  await createTask(page.request, { title: 'No date' });
  const section = page.getByRole('region', { name: 'Calendar feed' });
  await section.hover();
  await section.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const field = section.getByLabel('Your calendar address');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await field.inputValue();

  // A calendar app: its own client, no cookie of the user's.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain('SUMMARY:Dentist\r\n');
  expect(ics).toContain(`DTSTART:${isoDay(2).replaceAll('-', '')}T093000\r\n`);
  expect(ics).not.toContain('No date');

  await section.getByRole('button', { name: 'Get a new address' }).click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await calendarApp.get(first)).status()).toBe(404);
  expect((await calendarApp.get(second)).status()).toBe(200);

  // Shown once: after a reload the section says since when, not the address.
  await page.reload();
  await section.hover();
  await expect(section.getByText(/^On since /)).toBeVisible();
  await expect(section.getByLabel('Your calendar address')).toHaveCount(0);
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page, 'Calendar feed turned off: its address no longer works')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await calendarApp.get(second)).status()).toBe(404);
  await calendarApp.dispose();
});

test('axe: /dashboard has no serious violation, light and dark, 1280 and 375 px', async ({
  page,
}, testInfo) => {
  await useLook(page, LOOKS[0]);
  await signInOnDashboard(page, uniqueEmail(testInfo), 'Axel', 'Checker');
  const goal = await createGoal(page.request, {
    title: 'Accessible goal',
  });
  const task = await createTask(page.request, {
    title: 'Checked task',
    due_date: isoDay(-1),
    goal_id: goal.id,
  });
  await page.request.patch(`${API_BASE}/tasks/${task.id}/`, {
    headers: ORIGIN_HEADER,
    data: { status: 'done', version: task.version },
  });
  await createTask(page.request, {
    title: 'Overdue task',
    due_date: isoDay(-2),
  });
  await page.reload();
  await expect(page.getByTestId('completions-chart')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  // The calendar feed on, so its address field and buttons are checked too.
  const calendar = page.getByRole('region', { name: 'Calendar feed' });
  await calendar.hover();
  await calendar.getByRole('button', { name: 'Turn on calendar feed' }).click();
  await expect(calendar.getByLabel('Your calendar address')).toBeVisible();
  await expectNoSeriousViolationsInEveryLook(page);
});
