// The accessibility bar for every page: axe finds no serious or critical
// violation. Listed by rule and element so a failure says where to look.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A toast fading in or out has partial opacity, and axe would judge its contrast mid-fade.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
