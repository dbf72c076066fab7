// Types for runner-output.mjs, so its unit tests are checked. Keep in step
// with the JSDoc there.

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  flaky?: number;
}

/** The `stats` of Playwright's JSON report. */
export interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
  interrupted?: number;
}

export interface StepRun {
  code: number;
  signal: string | null;
  output: string;
  seconds: string;
  stats?: PlaywrightStats | null;
}

export function stripAnsi(text: string): string;
export function parseRstest(output: string): Counts | null;
export function parsePlaywrightSummary(output: string): Counts | null;
export function countPlaywrightStats(stats: PlaywrightStats): Counts;
export function tally(
  kind: 'check' | 'rstest' | 'playwright',
  run: StepRun,
): Counts & { note: string };
