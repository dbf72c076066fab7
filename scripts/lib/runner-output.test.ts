// The counts `pnpm test` reads from each runner, on output samples in
// runner-output-samples/: rstest's, Biome's and tsc's as captured from this
// repository's runners (colours forced where a runner has them); Playwright's
// written to the summary format of the installed reporter (1.65.1,
// generateSummaryMessage), since a browser run cannot happen here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import {
  countPlaywrightStats,
  parsePlaywrightSummary,
  parseRstest,
  stripAnsi,
  tally,
} from './runner-output.mjs';

const sample = (name: string) =>
  stripAnsi(readFileSync(new URL(`runner-output-samples/${name}`, import.meta.url), 'utf8'));
const run = (output: string, code = 0) => ({ code, signal: null, output, seconds: '3 s' });

describe('stripAnsi', () => {
  it('removes colour and cursor codes, and nothing else', () => {
    expect(stripAnsi('\x1b[1m\x1b[32m2 passed\x1b[39m\x1b[22m\x1b[2K | \x1b[?25h3')).toBe(
      '2 passed | 3',
    );
  });
});

describe('parseRstest', () => {
  it('reads failed, passed, skipped and todo from the Tests line', () => {
    expect(parseRstest(sample('rstest-mixed.txt'))).toEqual({ passed: 2, failed: 1, skipped: 2 });
  });

  it('reads a passing run behind pnpm --filter', () => {
    expect(parseRstest(sample('rstest-pass-pnpm.txt'))).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
    });
  });

  it('takes the last summary when the output has several', () => {
    const two = `${sample('rstest-mixed.txt')}\n${sample('rstest-pass-pnpm.txt')}`;
    expect(parseRstest(two)).toEqual({ passed: 1, failed: 0, skipped: 0 });
  });

  it('finds no counts when a file fails to load (Test Files 1 failed, Tests no tests)', () => {
    expect(parseRstest(sample('rstest-load-error.txt'))).toBeNull();
    expect(tally('rstest', run(sample('rstest-load-error.txt'), 1)).note).toBe(
      '0 passed, 1 failed, runner exited 1 without a summary (3 s)',
    );
  });

  it('finds no summary in output that has none', () => {
    expect(parseRstest(sample('tsc-fail.txt'))).toBeNull();
    expect(parseRstest(sample('playwright-list.txt'))).toBeNull();
  });
});

describe('parsePlaywrightSummary', () => {
  it('reads every kind of summary line of the list reporter', () => {
    // 4 passed + 1 flaky (passed on retry); 1 failed + 1 interrupted; 2 skipped + 3 did not run.
    expect(parsePlaywrightSummary(sample('playwright-list.txt'))).toEqual({
      passed: 5,
      failed: 2,
      skipped: 5,
      flaky: 1,
    });
  });

  it("reads the line reporter's summary", () => {
    expect(parsePlaywrightSummary(sample('playwright-line.txt'))).toEqual({
      passed: 3,
      failed: 0,
      skipped: 0,
      flaky: 0,
    });
  });

  it("is not fooled by code frames and test lines, nor by rstest's summary", () => {
    const frames = [
      '      40 |     await expect(due).toHaveText("18 Mar");',
      '  ✓   7 [chromium] › dashboard.spec.ts:12:3 › dashboard › says 2 passed (1.1s)',
      '    1 failed to load: http://localhost:3001/remoteEntry.js',
    ];
    expect(parsePlaywrightSummary(frames.join('\n'))).toBeNull();
    expect(parsePlaywrightSummary(sample('rstest-mixed.txt'))).toBeNull();
  });
});

describe('countPlaywrightStats', () => {
  it('counts the JSON report as the summary is counted', () => {
    const stats = { expected: 4, unexpected: 1, flaky: 1, skipped: 5, interrupted: 1 };
    expect(countPlaywrightStats(stats)).toEqual({ passed: 5, failed: 2, skipped: 5, flaky: 1 });
  });
});

describe('tally', () => {
  it('counts tsc and Biome as one check each, by their exit code', () => {
    expect(tally('check', run(sample('tsc-fail.txt'), 2))).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'FAILED (exit 2, 3 s)',
    });
    expect(tally('check', run(sample('biome-fail.txt'), 1)).failed).toBe(1);
    expect(tally('check', run('Checked 645 files in 3s. No fixes applied.'))).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
      note: 'passed (3 s)',
    });
  });

  it("notes a test runner's counts, and prefers Playwright's JSON report to its output", () => {
    expect(tally('rstest', run(sample('rstest-mixed.txt'), 1)).note).toBe(
      '2 passed, 1 failed, 2 skipped (3 s)',
    );
    const stats = { expected: 9, unexpected: 0, flaky: 0, skipped: 0 };
    expect(tally('playwright', { ...run(sample('playwright-list.txt'), 1), stats })).toMatchObject({
      passed: 9,
      failed: 1,
    });
    expect(tally('playwright', run(sample('playwright-list.txt'), 1)).note).toBe(
      '5 passed, 2 failed, 5 skipped, 1 flaky (passed on retry) (3 s)',
    );
  });

  it('counts a runner that exits non-zero with no summary as one failure', () => {
    expect(tally('rstest', { ...run('Error: Cannot find module', 1), signal: 'SIGKILL' })).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      note: '0 passed, 1 failed, runner exited SIGKILL without a summary (3 s)',
    });
  });
});
