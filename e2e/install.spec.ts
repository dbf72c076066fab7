// Stride installs like an app: Chromium finds nothing missing in its web app
// manifest (Page.getInstallabilityErrors over the DevTools protocol), the
// manifest's icons are served, and the user menu offers "Install Stride"
// exactly while the browser offers installation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { newOnboarding, signIn, uniqueEmail } from './support/auth';
import { userMenu } from './support/page';

test('the manifest leaves Chromium nothing to object to, and its icons are there', async ({
  playwright,
  page,
}, testInfo) => {
  // A profile on disk: Chromium installs nothing from an incognito context, as Playwright's are.
  const profile = mkdtempSync(join(tmpdir(), 'stride-install-'));
  const { baseURL, launchOptions } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
  });
  try {
    const installable = context.pages()[0] ?? (await context.newPage());
    await installable.goto(paths.login);
    await expect(installable.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const cdp = await context.newCDPSession(installable);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Stride',
    display: 'standalone',
    start_url: '/dashboard',
  });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; purpose: string; type: string }[]) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
    purposes.add(icon.purpose);
  }
  expect([...purposes].sort()).toEqual(['any', 'maskable']);
});

test('the user menu offers "Install Stride" while the browser offers it, and prompts once', async ({
  page,
}, testInfo) => {
  await signIn(page, { email: uniqueEmail(testInfo), onboard: newOnboarding('Ina', 'Stall') });
  await page.goto(paths.dashboard);
  await userMenu(page, 'Ina Stall').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Dashboard', 'Logout']);
  await page.keyboard.press('Escape');

  // What Chromium sends when it would install the page (headless never does by itself).
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await userMenu(page, 'Ina Stall').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Dashboard', 'Install Stride', 'Logout']);
  await page.getByRole('menuitem', { name: 'Install Stride' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted))
    .toBe(1);
  await userMenu(page, 'Ina Stall').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Dashboard', 'Logout']);
});
