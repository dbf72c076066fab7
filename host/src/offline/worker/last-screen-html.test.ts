import { describe, expect, it } from '@rstest/core';
import { LAST_SCREEN, type LastScreen } from '../offline-policy';
import { screenFits, withLastScreen, withScriptHash } from './last-screen-html';

const NOW = new Date('2026-11-27T10:00:00Z');
const ada = { id: 'u1', timezone: 'Europe/Paris' };
const screen: LastScreen = {
  userId: 'u1',
  path: '/tasks',
  search: '',
  day: '2026-11-27',
  html: '<main><h1>Tasks</h1><p>Call the bank</p></main>',
  theme: 'dark',
  styleSheets: ['https://app.example/static/css/a.css', 'https://app.example/r/b.css'],
};
const navigation = { path: '/tasks', search: '', user: ada, now: NOW };

const PAGE =
  '<!doctype html><html lang="en"><head><title>Stride</title></head><body><div id="root"></div></body></html>';

describe('screenFits', () => {
  it('shows the screen to its user, on its page and view, on the day it was drawn', () => {
    expect(screenFits(screen, navigation)).toBe(true);
  });

  it('shows nothing to anyone else, elsewhere, or on another day', () => {
    expect(screenFits(screen, { ...navigation, user: undefined })).toBe(false);
    expect(screenFits(screen, { ...navigation, user: { id: 'u2' } })).toBe(false);
    expect(screenFits(screen, { ...navigation, path: '/dashboard' })).toBe(false);
    expect(screenFits(screen, { ...navigation, search: '?view=today' })).toBe(false);
    // 23:30 UTC is 00:30 on the 28th in Paris.
    expect(screenFits(screen, { ...navigation, now: new Date('2026-11-27T23:30:00Z') })).toBe(
      false,
    );
  });

  it('counts the day on the user’s own wall clock', () => {
    const late = new Date('2026-11-26T23:30:00Z'); // the 27th in Paris, the 26th in UTC
    expect(screenFits(screen, { ...navigation, now: late })).toBe(true);
    expect(
      screenFits(screen, { ...navigation, user: { id: 'u1', timezone: 'UTC' }, now: late }),
    ).toBe(false);
  });

  it('refuses what is not a screen, or one too big to be one', () => {
    expect(screenFits({ ...screen, styleSheets: [1] }, navigation)).toBe(false);
    expect(screenFits('<p>hi</p>', navigation)).toBe(false);
    const huge = { ...screen, html: 'x'.repeat(LAST_SCREEN.maxHtmlChars + 1) };
    expect(screenFits(huge, navigation)).toBe(false);
  });
});

describe('withLastScreen', () => {
  const styles = [
    { href: screen.styleSheets[0] as string, text: 'body{color:red}' },
    { href: screen.styleSheets[1] as string },
  ];

  it('puts the screen over the empty root, its styles in the head and its theme on the page', () => {
    const html = withLastScreen(PAGE, screen, styles) ?? '';
    // A sheet the worker lacks is linked (read as text here: the test's DOM would fetch it).
    const link = `<link rel="stylesheet" href="https://app.example/r/b.css" ${LAST_SCREEN.styleAttribute}>`;
    expect(html.indexOf(link)).toBeGreaterThan(html.indexOf('body{color:red}'));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('</head>'));
    const doc = new DOMParser().parseFromString(html.replace(link, ''), 'text/html');
    const overlay = doc.getElementById(LAST_SCREEN.elementId);
    expect(overlay?.textContent).toBe('TasksCall the bank');
    expect(overlay?.hasAttribute('inert')).toBe(true);
    expect(overlay?.getAttribute('aria-hidden')).toBe('true');
    expect(overlay?.nextElementSibling?.id).toBe('root');
    expect(doc.getElementById('root')?.childElementCount).toBe(0);
    expect(doc.documentElement.dataset.theme).toBe('dark');
    expect(doc.documentElement.lang).toBe('en');
    const added = doc.head.querySelectorAll(`[${LAST_SCREEN.styleAttribute}]`);
    expect([...added].map((element) => element.outerHTML)).toEqual([
      `<style ${LAST_SCREEN.styleAttribute}="">body{color:red}</style>`,
      expect.stringContaining(`#${LAST_SCREEN.elementId}{position:fixed`),
    ]);
  });

  it('lets the screen paint before the app’s code: its scripts lose their preloads and high priority', () => {
    const page = PAGE.replace(
      '</head>',
      '<script fetchpriority="high" defer src="/static/js/index.1.js"></script>' +
        '<link rel="preload" as="script" href="/static/js/async/2.js">' +
        '<link rel="preload" as="fetch" crossorigin href="/app-config.json"></head>',
    );
    const html = withLastScreen(page, screen, styles) ?? '';
    expect(html).toContain('<script defer src="/static/js/index.1.js"></script>');
    expect(html).not.toContain('/static/js/async/2.js');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/app-config.json">');
  });

  it('sends the host’s after-paint document instead when the page is of the worker’s own build', () => {
    const afterPaint = {
      entry: '/static/js/index.1.js',
      html:
        '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/static/css/a.css">' +
        '<script defer src="/static/js/after-paint.9.js"></script></head><body><div id="root"></div></body></html>',
      boot: { src: '/static/js/after-paint.9.js', text: 'start("$&")', hash: "'sha256-x'" },
    };
    const page = PAGE.replace(
      '</head>',
      '<script fetchpriority="high" defer src="/static/js/index.1.js"></script></head>',
    );
    const html = withLastScreen(page, screen, styles, afterPaint) ?? '';
    // Its boot script is inline, after the screen: the first paint waits for no file.
    expect(html).not.toContain('after-paint.9.js');
    expect(html).toMatch(/<div id="root"><\/div><script>start\("\$&"\)<\/script><\/body>/);
    expect(html).not.toContain('index.1.js');
    // Its style sheet is inlined with the screen, so not linked as well.
    expect(html).not.toContain('<link rel="stylesheet" href="/static/css/a.css">');
    expect(html).toContain('body{color:red}');
    // A page of another build (a host release the worker does not know yet) keeps its own entry.
    const newer = page.replace('index.1.js', 'index.2.js');
    expect(withLastScreen(newer, screen, styles, afterPaint)).toContain('index.2.js');
  });

  it('holds the web app manifest back until the app has started (after the first paint)', () => {
    const page = PAGE.replace(
      '</head>',
      '<link rel="manifest" href="/manifest.webmanifest"></head>',
    );
    const html = withLastScreen(page, screen, styles) ?? '';
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain(
      `<link rel="${LAST_SCREEN.heldManifestRel}" href="/manifest.webmanifest">`,
    );
  });

  it('allows the inline boot script by its hash in the page’s policy', () => {
    const hash = "'sha256-abc='";
    expect(withScriptHash("default-src 'self'; script-src 'self' https://r.example", hash)).toBe(
      `default-src 'self'; script-src 'self' https://r.example ${hash}`,
    );
    expect(withScriptHash("default-src 'self'; img-src https:", hash)).toBe(
      `default-src 'self' ${hash}; img-src https:`,
    );
    expect(withScriptHash('img-src https:', hash)).toBe('img-src https:');
  });

  it('keeps a style sheet’s text from ending its element', () => {
    const html =
      withLastScreen(PAGE, screen, [{ href: 'a', text: 'a{}</style><script>x()</script>' }]) ?? '';
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('leaves a page alone that is not the empty shell (a page sent as HTML)', () => {
    const served = PAGE.replace(
      '<div id="root"></div>',
      '<div id="root" data-server><p>Sign in</p></div>',
    );
    expect(withLastScreen(served, screen, styles)).toBeNull();
  });
});
