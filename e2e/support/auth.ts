// Signed-in state for the specs, from the real sign-in: the login page, the
// dev identity provider's form, the API's callback, then (optionally) the
// real onboarding call. Nothing is faked, so these helpers also exercise the
// whole OAuth round trip on every use.
import { expect, type Page, type TestInfo } from '@playwright/test';
import { paths, type User } from '@stride/shared';
import { API_BASE, HOST_URL } from './env';

export interface Onboarding {
  first_name: string;
  last_name: string;
  username: string;
}

export interface SignInOptions {
  email: string;
  /** What the user types in the provider's optional "Name" field. */
  name?: string;
  /** Finish onboarding through the real API and land on the dashboard. */
  onboard?: Onboarding;
}

let counter = 0;
const stamp = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${process.pid.toString(36)}`;

/** A fresh address per call, readable in the API log: `<test-title>-<stamp>@example.test`. */
export function uniqueEmail(testInfo: TestInfo): string {
  const slug = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${slug || 'user'}-${stamp()}@example.test`;
}

/** A username the API accepts (3–30 of a-z, 0-9, _ and .) and no one else has. */
export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}_${stamp()}`.slice(0, 30);
}

/** Unsafe calls must carry an allow-listed Origin (the API's CSRF rule), as the browser's would. */
export const ORIGIN_HEADER = { Origin: HOST_URL };

export async function signIn(page: Page, options: SignInOptions): Promise<User> {
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email').fill(options.email);
  if (options.name) await page.getByLabel('Name').fill(options.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // /auth/callback exchanges the code, then a new user goes to onboarding.
  await expect(page).toHaveURL(`${HOST_URL}${paths.onboarding}`);
  if (!options.onboard) return currentUser(page);

  const response = await page.request.post(`${API_BASE}/onboarding/complete/`, {
    headers: ORIGIN_HEADER,
    data: options.onboard,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(paths.dashboard);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return ((await response.json()) as { user: User }).user;
}

/** The signed-in user as the API sees it (the page's cookies). */
export async function currentUser(page: Page): Promise<User> {
  const response = await page.request.get(`${API_BASE}/auth/status/`);
  const status = (await response.json()) as { authenticated: boolean; user: User | null };
  if (!status.authenticated || !status.user) throw new Error('Not signed in');
  return status.user;
}

/** PUT /auth/update-profile/ as the signed-in user; returns the updated user. */
export async function updateProfile(
  page: Page,
  fields: Record<string, string | null>,
): Promise<User> {
  const response = await page.request.put(`${API_BASE}/auth/update-profile/`, {
    headers: ORIGIN_HEADER,
    data: fields,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: User }).user;
}

export function newOnboarding(first_name: string, last_name: string): Onboarding {
  return { first_name, last_name, username: uniqueUsername() };
}
