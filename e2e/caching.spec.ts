// docs/architecture.md §2 "Caching": app-config.json no-store; manifests, remote entries
// and index.html no-cache (revalidated, so a deploy or rollback shows at once);
// content-hashed assets immutable for a year; text compressed; start-up scripts
// with V8's compile hint (compile-hints.ts). Checked on the
// running deployment over HTTP, as a browser or CDN would see it.
import { expect, test } from '@playwright/test';
import { COMPILE_HINT, HINTED_MIN_CHARS } from '@stride/shared/compile-hints';
import { APP_CONFIG, HOST_URL, REMOTE_APPS } from './support/env';

const IMMUTABLE = /(^|,\s*)immutable(\s*,|$)/;

async function get(url: string, encoding = 'br, gzip') {
  const response = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
  return { response, cacheControl: response.headers.get('cache-control') ?? '' };
}

/** A start-up script begins with V8's compile hint unless it is too small to need one. */
function expectHinted(script: string, name: string) {
  expect(script.startsWith(COMPILE_HINT), name).toBe(script.length >= HINTED_MIN_CHARS);
}

function expectImmutable(cacheControl: string) {
  expect(cacheControl).toMatch(IMMUTABLE);
  expect(cacheControl).toContain('max-age=31536000');
}

test('the host serves app-config.json no-store, with this deployment’s URLs', async () => {
  const { response, cacheControl } = await get(`${HOST_URL}/app-config.json`);
  expect(response.status).toBe(200);
  expect(cacheControl).toBe('no-store');
  // The URLs, and each remote build's page assets for the first load's preloads.
  const { assets, ...urls } = (await response.json()) as { assets: Record<string, unknown> };
  expect(urls).toEqual(APP_CONFIG);
  for (const remote of Object.keys(APP_CONFIG.remotes)) {
    expect(assets[remote], remote).toMatchObject({ entry: 'remoteEntry.js' });
  }
});

test('the host’s index.html (and every route, SPA fallback) is no-cache; its hashed scripts are immutable', async () => {
  for (const path of ['/', '/dashboard', '/goals', '/no/such/page']) {
    const { response, cacheControl } = await get(`${HOST_URL}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toContain('text/html');
    expect(cacheControl, path).toBe('no-cache');
  }
  const html = await (await fetch(HOST_URL)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(scripts.length).toBeGreaterThan(0);
  const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  expect(preloaded.length).toBeGreaterThan(0);
  for (const src of [...scripts, ...preloaded]) {
    const { response, cacheControl } = await get(new URL(src, HOST_URL).href);
    expect(response.status, src).toBe(200);
    expectImmutable(cacheControl);
    // The entry is large enough to be sent compressed (a small boot file may not be).
    if (scripts.includes(src)) expect(response.headers.get('content-encoding'), src).toBe('br');
    // The entry and the boot files are compiled as they download (compile-hints.ts).
    expectHinted(await response.text(), src);
  }
  const missing = await fetch(`${HOST_URL}/static/js/missing.0123456789.js`);
  expect(missing.status).toBe(404);
});

for (const remote of REMOTE_APPS) {
  test(`${remote.name}: manifest and remoteEntry.js no-cache, chunks immutable, text compressed`, async () => {
    const manifest = await get(`${remote.url}/mf-manifest.json`);
    expect(manifest.response.status).toBe(200);
    expect(manifest.cacheControl).toBe('no-cache');
    const body = (await manifest.response.json()) as {
      exposes: { assets: { js: { sync: string[] } } }[];
      metaData: { remoteEntry: { name: string } };
    };

    const entry = await get(`${remote.url}/${body.metaData.remoteEntry.name}`, 'gzip');
    expect(entry.response.status).toBe(200);
    expect(entry.cacheControl).toBe('no-cache');
    expect(entry.response.headers.get('content-encoding')).toBe('gzip');
    expectHinted(await entry.response.text(), 'remoteEntry.js');

    const chunks = body.exposes.flatMap((expose) => expose.assets.js.sync);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      const asset = await get(`${remote.url}/${chunk}`);
      expect(asset.response.status, chunk).toBe(200);
      expectImmutable(asset.cacheControl);
      expectHinted(await asset.response.text(), chunk);
    }

    // Without Accept-Encoding the bytes go as they are.
    const plain = await get(`${remote.url}/${body.metaData.remoteEntry.name}`, 'identity');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
  });
}
