import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from '@rstest/core';
import { precompressFolder } from './precompress-plugin';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes a .br and a .gz beside each text file over 1 KB, in every folder, and nothing else', async () => {
  const script = `export const text = ${JSON.stringify('stride '.repeat(300))};\n`;
  mkdirSync(join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(join(dir, 'static', 'js', 'page.0123456789.js'), script);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>small</title>');
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 1));
  // The server's bundle (server-html/render/) is never sent to a browser.
  mkdirSync(join(dir, 'server-html', 'render'), { recursive: true });
  writeFileSync(join(dir, 'server-html', 'render', 'render.js'), script);

  expect(await precompressFolder(dir)).toBe(1);

  const file = join(dir, 'static', 'js', 'page.0123456789.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
  expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
  expect(existsSync(join(dir, 'server-html', 'render', 'render.js.br'))).toBe(false);
  // A second run (a rebuild into the same folder) does not compress the variants again.
  expect(await precompressFolder(dir)).toBe(1);
  expect(existsSync(`${file}.br.br`)).toBe(false);
});
