// Spec §2: the display name (full name → first name → username → email) and
// the avatar (picture, else initials from first+last → first → username →
// email → "U"), for users shaped through the real sign-in and profile API.
// A user still onboarding sees the top bar on /onboarding, where the names
// the provider gave (or did not give) are still the user's own.
import { expect, type Page, test } from '@playwright/test';
import { paths, type User } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail, uniqueUsername, updateProfile } from './support/auth';
import { API_BASE, HOST_URL } from './support/env';
import { topBar, userMenu } from './support/page';

const initials = (page: Page) => topBar(page).getByTestId('avatar-initials');
// The logo is an inline SVG, so the top bar's one <img> is the avatar.
const avatarImage = (page: Page) => topBar(page).locator('img');

async function expectIdentity(page: Page, name: string, letters: string) {
  await expect(userMenu(page, name)).toBeVisible();
  await expect(topBar(page).getByText(name, { exact: true })).toBeVisible();
  await expect(initials(page)).toHaveText(letters);
}

test('full name and two initials', async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), name: 'Ada Lovelace' });
  await expectIdentity(page, 'Ada Lovelace', 'AL');
});

test('first name only', async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), name: 'grace' });
  await expectIdentity(page, 'grace', 'G');
});

test('no name: the username', async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo) });
  const username = uniqueUsername('hopper');
  await updateProfile(page, { username });
  await page.reload();
  await expectIdentity(page, username, 'H');
});

test('no name and no username: the email', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo);
  await signIn(page, { email });
  await expectIdentity(page, email, email.charAt(0).toUpperCase());
});

test('nothing to go by: the letter U', async ({ page }, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo) });
  // The provider always gives an email, so no real user lacks one: blank it in
  // the status answers (fault injection) to reach the last fallback.
  await page.route(`${API_BASE}/auth/status/`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: User | null };
    if (body.user) body.user = { ...body.user, email: null };
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(initials(page)).toHaveText('U');
});

test('a profile picture is shown; one that fails to load falls back to initials', async ({
  page,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Pia', 'Picture') });
  const picture = 'https://avatars.example.test/pia.svg';
  await page.route(picture, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" fill="teal"/></svg>',
    }),
  );
  await updateProfile(page, { profile_picture: picture });
  await page.reload();
  await expect(avatarImage(page)).toHaveAttribute('src', picture);
  await expect(avatarImage(page)).toHaveJSProperty('complete', true);
  expect(await avatarImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(28);
  await expect(initials(page)).toHaveCount(0);

  // A picture that 404s: logged, and the initials take its place.
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await updateProfile(page, { profile_picture: `${HOST_URL}/no-such-avatar.png` });
  await page.goto(paths.dashboard);
  await expect(initials(page)).toHaveText('PP');
  await expect(avatarImage(page)).toHaveCount(0);
  await expect(userMenu(page, 'Pia Picture')).toBeVisible();
  expect(errors.join('\n')).toContain('Profile image failed to load');
});
