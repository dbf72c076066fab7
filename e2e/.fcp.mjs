import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const js of [true, false]) {
  for (let i = 0; i < 3; i++) {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    await page.goto('http://localhost:3000/login', { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    const fcp = await page.evaluate(() =>
      JSON.stringify(
        performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]),
      ),
    );
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return [Math.round(n.domContentLoadedEventEnd), Math.round(n.loadEventEnd)];
    });
    console.log(js ? 'js' : 'nojs', fcp, nav);
    await ctx.close();
  }
}
await browser.close();
