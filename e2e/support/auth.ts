// Signed-in state for the specs, from the real sign-in: the dev identity
// provider's form and the API's callback, then (optionally) the real
// onboarding call. Nothing is faked: every use runs the whole OAuth round
// trip against the real provider and API. `signIn` makes it over HTTP in the
// browser's own cookie jar, without drawing the sign-in pages, which
// sign-in.spec.ts and the specs about those pages drive themselves
// (`signInThroughPages`): drawing three federated pages for every test was
// much of the suite's time, and tested nothing those specs do not.
import { expect, type Page, type TestInfo } from '@playwright/test';
import { paths, type User } from '@stride/shared';
import { API_BASE, HOST_URL } from './env';
import { userMenu } from './page';

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

/** The dev identity provider's sign-in form's action, from its page (api/src/dev-idp/page.ts). */
const LOGIN_FORM_ACTION = /<form method="post" action="([^"]{1,300})" id="sign-in">/;

/**
 * Google's sign-in as the browser makes it, over HTTP in the page's cookie
 * jar: the API's initiate call, the provider's form posted with the email
 * and name, and the code it sends back handed to the API's callback, which
 * sets the session cookie.
 */
async function oauthRoundTrip(page: Page, email: string, name?: string): Promise<void> {
  const initiate = await page.request.post(`${API_BASE}/auth/oauth/google/initiate/`, {
    headers: ORIGIN_HEADER,
    data: { redirect_uri: `${HOST_URL}${paths.authCallback}` },
  });
  expect(initiate.status(), await initiate.text()).toBe(200);
  const { authorization_url } = (await initiate.json()) as { authorization_url: string };
  const form = await page.request.get(authorization_url);
  const action = LOGIN_FORM_ACTION.exec(await form.text())?.[1];
  if (!action) throw new Error(`No sign-in form at ${form.url()}`);
  // The provider's answer redirects to this deployment's /auth/callback with the code.
  const back = await page.request.post(new URL(action, form.url()).href, {
    form: { email, name: name ?? '' },
  });
  const callback = new URL(back.url());
  if (callback.pathname !== paths.authCallback) throw new Error(`Sent to ${back.url()}`);
  const answer = await page.request.post(`${API_BASE}/auth/oauth/google/callback/`, {
    headers: ORIGIN_HEADER,
    data: Object.fromEntries(callback.searchParams),
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * Signs a new user in (and with `onboard`, onboards them), then opens the
 * page they land on: the dashboard, or onboarding.
 */
export async function signIn(page: Page, options: SignInOptions): Promise<User> {
  await oauthRoundTrip(page, options.email, options.name);
  if (!options.onboard) {
    await page.goto(paths.onboarding);
    await expect(page).toHaveURL(`${HOST_URL}${paths.onboarding}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return currentUser(page);
  }
  return onboard(page, options.onboard);
}

/** The same sign-in through the pages a person sees: the login page, the provider's form, the callback page. */
export async function signInThroughPages(page: Page, options: SignInOptions): Promise<User> {
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email').fill(options.email);
  if (options.name) await page.getByLabel('Name').fill(options.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // /auth/callback exchanges the code, then a new user goes to onboarding.
  await expect(page).toHaveURL(`${HOST_URL}${paths.onboarding}`);
  if (!options.onboard) return currentUser(page);
  return onboard(page, options.onboard);
}

/** Onboards the signed-in user through the real API, then opens the dashboard. */
async function onboard(page: Page, onboarding: Onboarding): Promise<User> {
  const response = await page.request.post(`${API_BASE}/onboarding/complete/`, {
    headers: ORIGIN_HEADER,
    data: onboarding,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(paths.dashboard);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The page may be the server's HTML: once the user menu is there, the app runs and knows the user.
  await expect(userMenu(page, onboarding.first_name)).toBeVisible();
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
