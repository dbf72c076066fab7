// How `pnpm test` (scripts/test.mjs) turns each step's output into counts:
// rstest's summary line; Playwright's JSON report, or else the summary its
// list and line reporters print; typecheck, lint and build (tsc, Biome,
// esbuild) by their exit code alone. Plain JavaScript, as test.mjs runs under
// plain `node`. Every pattern reads one line, anchored at its start, and no
// two of its quantifiers can take the same character, so it matches in
// linear time (api/test/regex-safety.test.ts checks them with recheck).

/** @typedef {{ passed: number, failed: number, skipped: number, flaky?: number }} Counts */

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping terminal colour codes.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
/** rstest's total line, ` Tests 1 failed | 64 passed | 2 skipped | 1 todo (68)` (not `Test Files`). */
const RSTEST_SUMMARY = /^\s*Tests\s+\d/;
/** One `|`-separated part of that line: `Tests 1 failed`, ` 64 passed`, ` 1 todo (68)`. */
const RSTEST_PART = /^\s*(?:Tests\s+)?(\d+) ([a-z]+)/;
/** A line of Playwright's summary: `  3 passed (1.2m)`, `  1 failed`, `  1 did not run`. */
const PLAYWRIGHT_PART = /^\s+(\d+) (passed \(|failed$|interrupted$|flaky$|skipped$|did not run$)/;

/** @param {string} text */
export const stripAnsi = (text) => text.replace(ANSI, '');

/**
 * rstest: the last summary line's counts (todo counts as skipped); null when
 * the output has none.
 * @param {string} output
 * @returns {Counts | null}
 */
export function parseRstest(output) {
  const summary = output
    .split('\n')
    .filter((line) => RSTEST_SUMMARY.test(line))
    .at(-1);
  if (!summary) return null;
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const part of summary.split('|')) {
    const match = RSTEST_PART.exec(part);
    if (match && !counts.has(match[2])) counts.set(match[2], Number(match[1]));
  }
  const count = (/** @type {string} */ word) => counts.get(word) ?? 0;
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped') + count('todo'),
  };
}

/**
 * Playwright's list or line reporter: the last summary line of each kind.
 * A flaky test passed on its retry, so it counts as passed; an interrupted
 * one as failed, one that did not run as skipped. Null when there is none.
 * @param {string} output
 * @returns {Counts | null}
 */
export function parsePlaywrightSummary(output) {
  /** @type {Map<string, number>} */
  const last = new Map();
  for (const line of output.split('\n')) {
    const match = PLAYWRIGHT_PART.exec(line);
    if (match) last.set(match[2], Number(match[1]));
  }
  const count = (/** @type {string} */ kind) => last.get(kind) ?? 0;
  const flaky = count('flaky');
  const result = {
    passed: count('passed (') + flaky,
    failed: count('failed') + count('interrupted'),
    skipped: count('skipped') + count('did not run'),
    flaky,
  };
  return result.passed + result.failed + result.skipped > 0 ? result : null;
}

/**
 * Playwright's JSON report's `stats`, counted the same way.
 * @param {{ expected: number, unexpected: number, flaky: number, skipped: number, interrupted?: number }} stats
 * @returns {Counts}
 */
export function countPlaywrightStats(stats) {
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (stats.interrupted ?? 0),
    skipped: stats.skipped,
    flaky: stats.flaky,
  };
}

/**
 * A step's counts and its note for the summary. `check` steps pass or fail
 * as one; a test runner that exits non-zero with no failing test (bad config,
 * a crash) is one failure.
 * @param {'check' | 'rstest' | 'playwright'} kind
 * @param {{ code: number, signal: string | null, output: string, seconds: string, stats?: Parameters<typeof countPlaywrightStats>[0] | null }} run
 * @returns {Counts & { note: string }}
 */
export function tally(kind, { code, signal, output, seconds, stats }) {
  if (kind === 'check') {
    return code === 0
      ? { passed: 1, failed: 0, skipped: 0, note: `passed (${seconds})` }
      : {
          passed: 0,
          failed: 1,
          skipped: 0,
          note: `FAILED (${signal ?? `exit ${code}`}, ${seconds})`,
        };
  }
  const counts =
    kind === 'rstest'
      ? parseRstest(output)
      : stats
        ? countPlaywrightStats(stats)
        : parsePlaywrightSummary(output);
  const result = counts ?? { passed: 0, failed: 0, skipped: 0 };
  if (code !== 0 && result.failed === 0) result.failed = 1;
  const parts = [`${result.passed} passed`, `${result.failed} failed`];
  if (result.skipped) parts.push(`${result.skipped} skipped`);
  if (result.flaky) parts.push(`${result.flaky} flaky (passed on retry)`);
  if (code !== 0 && !counts) parts.push(`runner exited ${signal ?? code} without a summary`);
  return { ...result, note: `${parts.join(', ')} (${seconds})` };
}
