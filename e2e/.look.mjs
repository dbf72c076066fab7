import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const logs = [];
for (const [name, opts, cookie] of [
  ['auto-light', { colorScheme: 'light' }, null],
  ['auto-dark-nojs', { colorScheme: 'dark', javaScriptEnabled: false }, null],
  ['stored-dark-nojs', { colorScheme: 'light', javaScriptEnabled: false }, 'dark'],
  ['stored-dark', { colorScheme: 'light' }, 'dark'],
]) {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 700 }, ...opts });
  if (cookie)
    await ctx.addCookies([{ name: 'stride_theme', value: cookie, url: 'http://localhost:3000' }]);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text()))
      logs.push(`${name} ${m.type()}: ${m.text()}`);
  });
  await page.goto('http://localhost:3000/login');
  await page.waitForTimeout(opts.javaScriptEnabled === false ? 300 : 2500);
  await page.screenshot({ path: `/tmp/look-${name}.png` });
  await ctx.close();
}
console.log(logs.join('\n') || 'no errors');
await browser.close();
