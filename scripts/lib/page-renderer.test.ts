import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { createPageRenderer, MAX_PAGE_HTML } from './page-renderer';

const dir = mkdtempSync(join(tmpdir(), 'page-renderer-'));
const renderer = createPageRenderer();
afterAll(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A release's server bundle on disk, as `server-html/render/` holds it. */
function bundle(name: string, source: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(folder, 'render.js'), source);
  return join(folder, 'render.js');
}

const RENDER = `export function renderPageWithData(page, answers) {
  return { html: '<h1>' + page + ' ' + answers['/x/'] + '</h1>', state: { queries: [] } };
}`;

describe('the page renderer', () => {
  it("renders a page with the bundle's own function, from the answers given", async () => {
    const rendered = await renderer.render(bundle('plain', RENDER), 'Home', { '/x/': 7 }, 5_000);
    expect(rendered).toEqual({ html: '<h1>Home 7</h1>', state: { queries: [] } });
  });

  it('gives up on a late render, which still loads its bundle: the next page is in time', async () => {
    // A bundle that takes 600 ms to load, as a big one does on a busy machine.
    const slow = bundle('slow', `await new Promise((r) => setTimeout(r, 600));\n${RENDER}`);
    expect(await renderer.render(slow, 'Home', { '/x/': 1 }, 100)).toBeNull();
    // Its load went on: a render given time finishes with it, and then one takes milliseconds.
    expect(await renderer.render(slow, 'Home', { '/x/': 2 }, 5_000)).not.toBeNull();
    expect((await renderer.render(slow, 'Home', { '/x/': 3 }, 100))?.html).toBe('<h1>Home 3</h1>');
  });

  it('answers null for a bundle that throws, has no render, or renders too much', async () => {
    const throwing = bundle(
      'throws',
      'export function renderPageWithData() { throw new Error("no"); }',
    );
    const without = bundle('without', 'export const nothing = 1;');
    const huge = bundle(
      'huge',
      `export function renderPageWithData() { return { html: 'x'.repeat(${MAX_PAGE_HTML + 1}), state: {} }; }`,
    );
    for (const path of [throwing, without, huge, join(dir, 'missing', 'render.js')]) {
      expect(await renderer.render(path, 'Home', {}, 5_000)).toBeNull();
    }
    // And the worker still renders the next page.
    expect(
      await renderer.render(bundle('plain', RENDER), 'Home', { '/x/': 3 }, 5_000),
    ).not.toBeNull();
  });
});
