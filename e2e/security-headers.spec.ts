// The host page's Content-Security-Policy (shared/src/security/page-headers.mjs):
// the whole app works under it — sign-in through the dev identity provider,
// onboarding, the dashboard, goals and tasks, each from its remote — without
// one violation, and a script from an origin the deployment does not name,
// an inline script, or another site framing the page, are refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { signInThroughPages, uniqueEmail, uniqueUsername } from './support/auth';
import { HOST_URL } from './support/env';
import { expectPath, navLink, pageHeading } from './support/page';

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/**
 * Every CSP violation on the host's pages, from the `securitypolicyviolation`
 * event of each document the page loads and from Chromium's console report.
 */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportViolation', (violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript((host) => {
    if (window.location.origin !== host) return; // the identity provider's page is not ours
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (v: unknown) => void }).__reportViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: window.location.pathname,
      });
    });
  }, HOST_URL);
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy/.test(text)) {
      if (page.url().startsWith(HOST_URL)) {
        violations.push({ directive: 'console', blocked: text, page: page.url() });
      }
    }
  });
  return violations;
}

/** A server on another localhost port, which the policy does not name; counts the requests it gets. */
async function otherOrigin(): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/frame.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><iframe src="${HOST_URL}${paths.login}"></iframe>`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
    res.end('window.__fromOtherOrigin = true;');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, requests, server };
}

test(
  'the app works under its Content-Security-Policy without a single violation',
  { tag: ['@smoke', '@remote_auth', '@remote_dashboard', '@remote_goals', '@remote_tasks'] },
  async ({ page }, testInfo) => {
    const violations = await watchViolations(page);
    const document = await page.request.get(`${HOST_URL}${paths.dashboard}`);
    const policy = document.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(document.headers()['x-content-type-options']).toBe('nosniff');
    expect(document.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');

    try {
      // The login page first, within an expect's timeout: a blocked remote fails here, quickly.
      await page.goto(paths.login);
      await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
      // Sign-in through the dev identity provider, and onboarding on its page.
      await signInThroughPages(page, { email: uniqueEmail(testInfo) });
      await expect(pageHeading(page, 'Welcome to Stride')).toBeVisible();
      await page.getByLabel('First name').fill('Cass');
      await page.getByLabel('Last name').fill('Policy');
      await page.getByLabel('Username').fill(uniqueUsername());
      await page.getByRole('button', { name: 'Get started' }).click();
      await expectPath(page, paths.dashboard);
      await expect(pageHeading(page, 'Dashboard')).toBeVisible();

      await navLink(page, 'Goals').click();
      await expect(pageHeading(page, 'Goals')).toBeVisible();
      await navLink(page, 'Tasks').click();
      await expect(pageHeading(page, 'Tasks')).toBeVisible();
      // A full load of a page, so every remote's entry loads again from a fresh document.
      await page.reload();
      await expect(pageHeading(page, 'Tasks')).toBeVisible();
    } finally {
      // Here even when a step failed: a blocked script stalls the flow, and this says which.
      expect(violations).toEqual([]);
    }
  },
);

test('the locale warm-up worker runs under the policy, and ends', async ({ page }) => {
  // host/src/locale/warm-locale-data.ts: started by the entry, ended once it has used Intl.
  const violations = await watchViolations(page);
  const warmUp = page.waitForEvent('worker', (worker) =>
    worker.url().endsWith('/locale-warm-up.js'),
  );
  await page.goto(paths.login);
  const worker = await warmUp;
  await new Promise<void>((resolve) => worker.on('close', () => resolve()));
  await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('what the policy refuses', () => {
  let other: Awaited<ReturnType<typeof otherOrigin>>;
  test.beforeAll(async () => {
    other = await otherOrigin();
  });
  test.afterAll(() => new Promise<void>((resolve) => other.server.close(() => resolve())));

  test('a script from another origin, and an inline script, never run', async ({ page }) => {
    await page.goto(paths.login);
    await expect(pageHeading(page, 'Sign in to Stride')).toBeVisible();
    const scriptUrl = `${other.url}/x.js`;
    const outcome = await page.evaluate(
      (src) =>
        new Promise<{ directive: string; blocked: string } | 'loaded'>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }),
            { once: true },
          );
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('loaded');
          document.head.append(script);
        }),
      scriptUrl,
    );
    expect(outcome).toEqual({ directive: 'script-src-elem', blocked: scriptUrl });
    expect(await page.evaluate(() => 'fromOtherOrigin' in window)).toBe(false);
    expect(other.requests).not.toContain('/x.js');

    const inline = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`),
            { once: true },
          );
          const script = document.createElement('script');
          script.textContent = 'window.__inlineRan = true;';
          document.head.append(script);
        }),
    );
    expect(inline).toBe('script-src-elem inline');
    expect(await page.evaluate(() => '__inlineRan' in window)).toBe(false);
  });

  test('another site cannot frame the page', async ({ page }) => {
    const refused = page.waitForEvent('console', {
      predicate: (message) =>
        /frame-ancestors/.test(message.text()) && message.text().includes(HOST_URL),
      timeout: 10_000,
    });
    await page.goto(`${other.url}/frame.html`);
    await refused;
    // The frame holds Chromium's error page, never the app.
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed?.url()).toMatch(/^chrome-error:/);
  });
});
