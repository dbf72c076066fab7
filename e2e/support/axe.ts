// The accessibility bar for every page: axe finds no serious or critical
// violation, in either theme, on a wide screen and on a phone. Listed by rule
// and element so a failure says where to look.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A toast fading in or out has partial opacity, and axe would judge its contrast mid-fade.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Each theme at each width the product is checked at. The first is where a test starts. */
export const LOOKS = [
  { theme: 'light', width: 1280 },
  { theme: 'light', width: 375 },
  { theme: 'dark', width: 1280 },
  { theme: 'dark', width: 375 },
] as const;
export type Look = (typeof LOOKS)[number];

/** Sets a look: the system's colour scheme (the default theme follows it) and the window's width. */
export async function useLook(page: Page, look: Look, height = 800): Promise<void> {
  await page.emulateMedia({ colorScheme: look.theme });
  await page.setViewportSize({ width: look.width, height });
}

/**
 * Checks the page as it is now in every look, as a person would see it after
 * turning their phone or their system's dark mode, then puts the first look
 * back. One sign-in and one set-up serve all four checks.
 */
export async function expectNoSeriousViolationsInEveryLook(page: Page): Promise<void> {
  for (const look of LOOKS) {
    await test.step(`axe, ${look.theme} theme at ${look.width} px`, async () => {
      await useLook(page, look);
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
      await expectNoSeriousViolations(page);
    });
  }
  await useLook(page, LOOKS[0]);
}
