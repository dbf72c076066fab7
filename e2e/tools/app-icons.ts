// Renders the installed app's icons (host/public/icons/) from the favicon,
// the one drawing of Stride's mark, with the test browser: run
// `pnpm --filter @stride/e2e icons` after changing
// shared/src/federation/favicon.svg. The maskable icon fills its square and
// keeps the mark inside the middle 80 %, the part every mask shape shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'host/public/icons');
const favicon = readFileSync(join(ROOT, 'shared/src/federation/favicon.svg'), 'utf8');

/** The mark without its rounded corners, shrunk into the safe zone. */
const maskable = favicon
  .replace(/ rx="[\d.]+"/, '')
  .replace(
    /(<path [^>]*\/>)/,
    '<g transform="translate(12 12) scale(0.8) translate(-12 -12)">$1</g>',
  );

const ICONS = [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
] as const;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [name, svg, size] of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<body style="margin:0">${sized}</body>`);
  await page.screenshot({ path: join(OUT, name), omitBackground: true });
  console.log(`icons: ${name} (${size} px)`);
}
await browser.close();
