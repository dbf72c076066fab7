import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from '@rstest/core';
import { minifyPublicScripts, minifyScript } from './minify-script';

const dir = mkdtempSync(join(tmpdir(), 'minify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = `// Why this script exists, at length, for its readers.
(function () {
  var answer = { value: 40 };
  /* and a block comment */
  answer.value = answer.value + 2;
  globalThis.minifiedAnswer = answer.value;
})();
`;

it('drops the comments and the spaces, and the script still does what it did', () => {
  const code = minifyScript(source);
  expect(code.length).toBeLessThan(source.length / 2);
  expect(code).not.toContain('readers');
  expect(code).not.toContain('block comment');
  new Function(code)();
  expect((globalThis as { minifiedAnswer?: number }).minifiedAnswer).toBe(42);
});

it('minifies in the build the scripts copied from public/, and nothing else', () => {
  mkdirSync(join(dir, 'public'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'public', 'warm.js'), source);
  writeFileSync(join(dir, 'dist', 'warm.js'), source);
  writeFileSync(join(dir, 'dist', 'other.js'), source);
  expect(minifyPublicScripts(join(dir, 'public'), join(dir, 'dist'))).toEqual(['warm.js']);
  expect(readFileSync(join(dir, 'dist', 'warm.js'), 'utf8')).not.toContain('readers');
  expect(readFileSync(join(dir, 'dist', 'other.js'), 'utf8')).toBe(source);
  // The source is left as written.
  expect(readFileSync(join(dir, 'public', 'warm.js'), 'utf8')).toBe(source);
});
