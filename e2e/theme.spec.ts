// Spec §3 and docs/architecture.md §7: the stored `theme` (light, dark, auto) decides
// data-theme on <html>; auto follows the system preference live; the theme
// menu changes and persists it. Signed out: the top bar is there on /login.
import { expect, type Page, test } from '@playwright/test';
import { paths, THEME_STORAGE_KEY } from '@stride/shared';
import { topBar } from './support/page';

const html = (page: Page) => page.locator('html');
const themeButton = (page: Page) => topBar(page).getByRole('button', { name: /^Theme/ });

async function storeTheme(page: Page, value: string) {
  await page.addInitScript(
    ([key, stored]) => {
      // Only before the first load, so later choices in the menu are not undone.
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem(key as string, stored as string);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [THEME_STORAGE_KEY, value],
  );
}

for (const [stored, scheme, expected] of [
  ['light', 'dark', 'light'],
  ['dark', 'light', 'dark'],
  ['auto', 'dark', 'dark'],
  ['auto', 'light', 'light'],
  ['something-else', 'dark', 'dark'],
] as const) {
  test(`stored "${stored}" with a ${scheme} system → data-theme="${expected}"`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await storeTheme(page, stored);
    await page.goto(paths.login);
    await expect(html(page)).toHaveAttribute('data-theme', expected);
    await expect(html(page)).toHaveCSS('color-scheme', expected);
  });
}

test('no stored theme means auto, which follows the system live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.login);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('a fixed theme ignores the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await storeTheme(page, 'light');
  await page.goto(paths.login);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  // A listener made now hears the change after the app's own (each query
  // list is told in the order it was made): once it has, the app has acted.
  // (Wrapped: a handle to a bare promise would wait for it.)
  const listening = await page.evaluateHandle(() => ({
    heard: new Promise<void>((resolve) =>
      matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => resolve(), {
        once: true,
      }),
    ),
  }));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate((listener) => listener.heard, listening);
  expect(await html(page).getAttribute('data-theme')).toBe('light');
});

test('the theme menu changes the theme, stores it and it survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.login);
  await expect(themeButton(page)).toHaveAccessibleName(/Auto/);

  await themeButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: /Auto/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(themeButton(page)).toHaveAccessibleName(/Dark/);

  await themeButton(page).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');

  await themeButton(page).click();
  await page.getByRole('menuitemradio', { name: /Auto/ }).click();
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('auto');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});
