import { describe, expect, it } from '@rstest/core';
import { serverDocument } from './federation/boot-preload';
import { composeServerPage, cookieValue, SERVER_HTML, serverPageKey } from './server-html';

const INDEX = serverDocument(
  '<!doctype html><html><head><title>Stride</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
  '/',
  ['static/js/async/1.js', 'static/css/async/q.css'],
  '/static/js/after-paint.js',
);
const SHELL = `<header>Stride</header><main><!--$-->${SERVER_HTML.slot}<!--/$--></main>`;
const KEY = serverPageKey(
  'http://localhost:3000/remotes/remote_auth/mf-manifest.json',
  'LoginPage',
);

function compose(overrides: Partial<Parameters<typeof composeServerPage>[0]> = {}) {
  return composeServerPage({
    document: INDEX,
    shell: SHELL,
    fragment: '<section><h1>Sign in to Stride</h1></section>',
    key: KEY,
    styles: ['http://localhost:3000/remotes/remote_auth/static/css/login.css'],
    ...overrides,
  });
}

describe('cookieValue', () => {
  it('reads one cookie among others, with or without spaces', () => {
    expect(cookieValue('a=1; stride_theme=dark;b=2', 'stride_theme')).toBe('dark');
    expect(cookieValue('stride_theme-x=1', 'stride_theme')).toBeUndefined();
    expect(cookieValue('', 'stride_theme')).toBeUndefined();
  });
});

describe('composeServerPage', () => {
  it('puts the page in the shell, the shell in the root, and names the page on the root', () => {
    const html = compose() ?? '';
    expect(html).toContain(
      `<div id="root" data-server-page="${KEY}"><header>Stride</header><main><!--$--><section><h1>Sign in to Stride</h1></section><!--/$--></main></div>`,
    );
    expect(html).not.toContain(SERVER_HTML.slot);
  });

  it('marks the root of a signed-in page, for the guard to hold it while it checks the session', () => {
    expect(compose({ signedIn: true })).toContain(
      `<div id="root" data-server-page="${KEY}" ${SERVER_HTML.signedInAttribute}="">`,
    );
    expect(compose()).not.toContain(SERVER_HTML.signedInAttribute);
  });

  it("applies the page's style sheets in the head", () => {
    const html = compose() ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="stylesheet" href="http://localhost:3000/remotes/remote_auth/static/css/login.css">',
    );
  });

  it('sets a chosen theme on <html>, and none for auto', () => {
    expect(compose({ theme: 'dark' })).toContain('<html data-theme="dark">');
    expect(compose()).toContain('<html><head>');
  });

  it("carries the page's data before the root, as JSON no value can break out of", () => {
    const pageData = {
      queries: [{ state: { data: { title: '</script><script>alert(1)</script>' } } }],
    };
    const html = compose({ pageData }) ?? '';
    const at = html.indexOf(`<script type="application/json" id="${SERVER_HTML.pageDataId}">`);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('<div id="root"'));
    const script = html.slice(at, html.indexOf('</script>', at));
    expect(script).not.toContain('<script>alert');
    expect(JSON.parse(script.slice(script.indexOf('>') + 1))).toEqual(pageData);
    expect(compose()).not.toContain(SERVER_HTML.pageDataId);
  });

  it('copies the fragment as it is, replacement patterns included', () => {
    const fragment = '<p>Costs $& and $1 and $$</p>';
    expect(compose({ fragment })).toContain(fragment);
  });

  it('escapes what goes into attributes', () => {
    const html = compose({ key: 'a"b<c&d', styles: ['/x.css?a=1&b="2"'] }) ?? '';
    expect(html).toContain('data-server-page="a&quot;b&lt;c&amp;d"');
    expect(html).toContain('href="/x.css?a=1&amp;b=&quot;2&quot;"');
  });

  it('gives up (the plain HTML is sent) when the parts do not fit', () => {
    expect(compose({ shell: '<main></main>' })).toBeNull();
    expect(compose({ shell: SHELL + SERVER_HTML.slot })).toBeNull();
    expect(
      compose({ document: '<html><head></head><body><div id="app"></div></body></html>' }),
    ).toBeNull();
    expect(compose({ document: '<div id="root"></div><head></head>' })).toBeNull();
  });
});
