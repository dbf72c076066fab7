import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { precompressFolder } from '@stride/shared/precompress';
import { acceptedEncodings, createStaticHandler, KEEP_ALIVE_MS, listen } from './static-server';

// A build on disk: text over 1 KB with its variants as the build writes them,
// a small file without, an image, and a file outside the root.
const dir = mkdtempSync(join(tmpdir(), 'static-server-'));
const root = join(dir, 'dist');
const SCRIPT = `console.log(${JSON.stringify('stride '.repeat(400))});\n`;
const HASHED = 'static/js/index.0123456789.js';

function write(path: string, body: string | Buffer) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, body);
}

let server: Server;
let origin = '';
beforeAll(async () => {
  write(join(root, HASHED), SCRIPT);
  write(join(root, 'index.html'), '<!doctype html><title>Stride</title>');
  write(
    join(root, 'mf-manifest.json'),
    JSON.stringify({ name: 'remote_goals', pad: 'x'.repeat(2000) }),
  );
  write(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  write(join(root, 'docs', 'index.html'), '<p>docs</p>');
  write(join(root, 'release.json'), '{}');
  write(join(dir, 'secret.txt'), 'outside the root');
  await precompressFolder(root);
  server = await listen(
    createStaticHandler({ root, spa: true, hidden: (path) => path === 'release.json' }),
    0,
  );
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and normalise the path). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const { hostname, port } = new URL(origin);
      const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('acceptedEncodings', () => {
  it('orders br before gzip and respects q=0', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('the static server', () => {
  it("keeps an idle connection open as nginx does, not Node's 5 s, and its header wait longer still", () => {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('sends the build’s brotli variant to a browser that accepts it, typed as the file', async () => {
    const answer = await get(`/${HASHED}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a client that takes only gzip, and the file as it is to one that takes neither', async () => {
    const gzipped = await get('/mf-manifest.json', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.headers['cache-control']).toBe('no-cache');
    const plain = await get('/mf-manifest.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).name).toBe('remote_goals');
  });

  it('answers a repeat request with 304 by ETag, per variant', async () => {
    const first = await get(`/${HASHED}`, { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await get(`/${HASHED}`, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const plain = await get(`/${HASHED}`);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('answers a Range request with the bytes asked for', async () => {
    const answer = await get(`/${HASHED}`, { Range: 'bytes=0-10' });
    expect(answer.status).toBe(206);
    expect(answer.body.toString()).toBe(SCRIPT.slice(0, 11));
    expect(answer.headers['content-range']).toBe(`bytes 0-10/${SCRIPT.length}`);
  });

  it('sends HEAD without a body', async () => {
    const answer = await get(`/${HASHED}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });

  it('sends a file the build did not compress, and a binary file, as they are', async () => {
    const html = await get('/index.html', { 'Accept-Encoding': 'br' });
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.body.toString()).toContain('<title>Stride</title>');
    const png = await get('/logo.png', { 'Accept-Encoding': 'br' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it('answers a folder with its index.html, and a document path with the app’s (SPA)', async () => {
    expect((await get('/docs/')).body.toString()).toBe('<p>docs</p>');
    expect((await get('/docs')).body.toString()).toBe('<p>docs</p>');
    const route = await get('/goals/42');
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toContain('<title>Stride</title>');
    expect((await get('/static/js/missing.0123456789.js')).status).toBe(404);
  });

  it('never leaves its folder, and hides what it is told to, variants included', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/static/..%2f..%2fsecret.txt']) {
      const answer = await get(path);
      expect([403, 404], path).toContain(answer.status);
      expect(answer.body.toString(), path).not.toContain('outside the root');
    }
    expect((await get('/release.json')).status).toBe(404);
    write(join(root, 'release.json.gz'), gzipSync('{}'));
    expect((await get('/release.json', { 'Accept-Encoding': 'gzip' })).status).toBe(404);
  });

  it('serves a rebuilt file without a restart', async () => {
    write(join(root, 'late.txt'), 'built after start');
    write(join(root, 'late.txt.br'), brotliCompressSync('built after start'));
    const answer = await get('/late.txt', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(answer.body).toString()).toBe('built after start');
  });

  it('refuses methods other than GET, HEAD and OPTIONS', async () => {
    expect((await get('/index.html', {}, 'POST')).status).toBe(405);
    expect((await get('/index.html', {}, 'OPTIONS')).status).toBe(204);
  });
});
