import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@rstest/core';
import {
  addCompileHints,
  COMPILE_HINT,
  HINTED_MIN_CHARS,
  remoteStartFiles,
  withCompileHint,
} from './compile-hints';

describe('withCompileHint', () => {
  it('puts the hint on the first line, once', () => {
    const hinted = withCompileHint('(()=>{})();');
    expect(hinted).toBe('//# allFunctionsCalledOnLoad\n(()=>{})();');
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});

describe('remoteStartFiles', () => {
  it("names the remote's entry and each exposed module's own scripts, not its lazy ones", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: { js: { sync: ['static/js/async/page.js'], async: ['static/js/async/lazy.js'] } },
        },
        { assets: { js: { sync: ['static/js/async/commands.js'] } } },
      ],
    };
    expect(remoteStartFiles(manifest)).toEqual([
      'remoteEntry.js',
      'static/js/async/page.js',
      'static/js/async/commands.js',
    ]);
  });

  it('finds an entry in a folder of the build, and names nothing for a build without one', () => {
    expect(remoteStartFiles({ metaData: { remoteEntry: { name: 'e.js', path: 'app/' } } })).toEqual(
      ['app/e.js'],
    );
    expect(remoteStartFiles({})).toEqual([]);
  });
});

describe('addCompileHints', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hints each script once, and leaves small scripts and style sheets alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'stride-hints-'));
    mkdirSync(join(dir, 'static'));
    const large = `a();${' '.repeat(HINTED_MIN_CHARS)}`;
    writeFileSync(join(dir, 'static', 'a.js'), large);
    writeFileSync(join(dir, 'static', 'small.js'), 'b();');
    writeFileSync(join(dir, 'static', 'a.css'), `a{}${' '.repeat(HINTED_MIN_CHARS)}`);
    addCompileHints(dir, ['static/a.js', 'static/a.js', 'static/small.js', 'static/a.css']);
    addCompileHints(dir, ['static/a.js']);
    expect(readFileSync(join(dir, 'static', 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}${large}`);
    expect(readFileSync(join(dir, 'static', 'small.js'), 'utf8')).toBe('b();');
    expect(readFileSync(join(dir, 'static', 'a.css'), 'utf8')).not.toContain(COMPILE_HINT);
  });
});
