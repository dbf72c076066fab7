// Locators for the host shell, named as a user would find them (docs/architecture.md §7).
import { expect, type Page } from '@playwright/test';
import { SERVER_HTML } from '@stride/shared/server-html';

export const topBar = (page: Page) => page.getByRole('banner');
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const navLink = (page: Page, name: 'Dashboard' | 'Goals' | 'Tasks') =>
  mainNav(page).getByRole('link', { name, exact: true });
/**
 * The root, once the app has a signed-in page the server sent as HTML (its
 * mark, which only hosts that send such pages set and drop): before, the
 * page shows its title and its forms, but a press waits for the app.
 */
const appRoot = (page: Page) => page.locator(`#root:not([${SERVER_HTML.signedInAttribute}])`);

/** The page's title, once the app has the page (appRoot). */
export const pageHeading = (page: Page, name: string | RegExp) =>
  appRoot(page).getByRole('main').getByRole('heading', { level: 1, name });
/** The user menu trigger: a button whose accessible name contains the display name. */
export const userMenu = (page: Page, displayName: string) =>
  topBar(page).getByRole('button', { name: displayName });
export const toast = (page: Page, message: string) =>
  page.getByTestId('toast').filter({ hasText: message });

/** The URL path once the router has settled on it. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Waits until the app has taken over a signed-in page the server sent as
 * HTML (host/src/app/server-html.ts). A page the app drew itself passes at
 * once.
 */
export async function expectAppOwnsPage(page: Page): Promise<void> {
  await expect(appRoot(page)).toHaveCount(1);
}
