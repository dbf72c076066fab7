// A machine that is still busy (the step before `pnpm perf` in CI: builds,
// the end-to-end suite's browsers and servers winding down) makes every
// task Lighthouse observes longer, and TBT multiplies each by the CPU
// slowdown. The audit starts once the machine has quietened down.
import { cpus, loadavg } from 'node:os';

export interface Quiet {
  /** The one-minute load average per core when the wait began, and when it ended. */
  from: number;
  to: number;
  waitedMs: number;
}

const loadPerCore = () => (loadavg()[0] ?? 0) / Math.max(1, cpus().length);

/**
 * Resolves once the one-minute load average per core is below `below`, or
 * after `maxMs` however busy the machine still is (the audit then runs,
 * and says how busy it was).
 */
export async function untilQuiet({
  below = 0.5,
  maxMs = 120_000,
  stepMs = 2_000,
}: {
  below?: number;
  maxMs?: number;
  stepMs?: number;
} = {}): Promise<Quiet> {
  const started = Date.now();
  const from = loadPerCore();
  let to = from;
  while (to >= below && Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    to = loadPerCore();
  }
  return { from, to, waitedMs: Date.now() - started };
}
