import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from '@rstest/core';
import { afterPaintDocument, precacheEntries } from './service-worker-plugin';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(files: string[]) {
  dir = mkdtempSync(join(tmpdir(), 'stride-sw-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `contents of ${file}`);
  }
}

describe('precacheEntries', () => {
  it('lists the hashed scripts and style sheets under the asset prefix, and the root files the page links', () => {
    build([
      'index.html',
      'app-config.json',
      'mf-manifest.json',
      'sw.js',
      'favicon.svg',
      'manifest.webmanifest',
      'locale-warm-up.js',
      'icons/icon-192.png',
      'server-html/routes.json',
      'static/js/index.0123456789.js',
      'static/js/index.0123456789.js.br',
      'static/js/index.0123456789.js.gz',
      'static/css/async/page.abcdef0123.css',
      'static/js/unhashed.js',
      'independent-packages/framer_motion/14.14.0/share-entry.js',
    ]);
    const entries = precacheEntries(dir, '/host/0.1.0-20261127.010000-abcdef0/');
    expect(entries.map((entry) => entry.url)).toEqual([
      '/favicon.svg',
      '/host/0.1.0-20261127.010000-abcdef0/independent-packages/framer_motion/14.14.0/share-entry.js',
      '/host/0.1.0-20261127.010000-abcdef0/static/css/async/page.abcdef0123.css',
      '/host/0.1.0-20261127.010000-abcdef0/static/js/index.0123456789.js',
      '/icons/icon-192.png',
      '/locale-warm-up.js',
      '/manifest.webmanifest',
    ]);
    const revisions = Object.fromEntries(entries.map((entry) => [entry.url, entry.revision]));
    expect(
      revisions['/host/0.1.0-20261127.010000-abcdef0/static/js/index.0123456789.js'],
    ).toBeNull();
    expect(revisions['/favicon.svg']).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheEntries(dir, '/').map((entry) => entry.url)).toContain(
      '/static/css/async/page.abcdef0123.css',
    );
  });
});

describe('afterPaintDocument', () => {
  const index =
    '<html><head><script fetchpriority="high" defer src="/host/1/static/js/index.0123456789.js"></script></head><body><div id="root"></div></body></html>';
  const document =
    '<html><head><script defer src="/host/1/static/js/after-paint.abcdef0123.js"></script></head><body><div id="root"></div></body></html>';

  function withBoot(boot: string) {
    build([]);
    for (const [file, text] of [
      ['index.html', index],
      ['server-html/document.html', document],
      ['static/js/after-paint.abcdef0123.js', boot],
    ] as const) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
  }

  it('is the document, the entry it boots, and its boot script with the hash a policy allows it by', () => {
    withBoot('(function () { start(); })();\n');
    const found = afterPaintDocument(dir);
    expect(found).toEqual({
      entry: '/host/1/static/js/index.0123456789.js',
      html: document,
      boot: {
        src: '/host/1/static/js/after-paint.abcdef0123.js',
        text: '(function () { start(); })();\n',
        hash: `'sha256-${createHash('sha256').update('(function () { start(); })();\n').digest('base64')}'`,
      },
    });
  });

  it('is nothing for a build without one, or a boot script that could not stand inline', () => {
    build(['index.html']);
    expect(afterPaintDocument(dir)).toBeNull();
    withBoot('document.write("</script>")');
    expect(afterPaintDocument(dir)).toBeNull();
  });
});
