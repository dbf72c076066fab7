// What `pnpm perf` holds every page to, on Lighthouse's mobile preset
// (simulated slow 4G and a 4× slower CPU): the targets a phone user feels.
// /login is sent as HTML (docs/architecture.md §2), so its text paints with
// the first bytes and its budget is tighter.
export const PERF_BUDGETS = {
  /** Lighthouse's performance score, 0–100. */
  score: 95,
  /** Largest Contentful Paint, ms: the sign-in page, and every other page. */
  lcpMs: {
    '/login': 1_300,
    // A repeat visit, with the service worker and the saved answers of the first
    // (docs/architecture.md §11): the app's files and the data are on the device.
    [repeatVisit('/dashboard')]: 1_000,
    [repeatVisit('/tasks')]: 1_000,
    other: 2_200,
  } as Record<string, number>,
  /** Total Blocking Time, ms. */
  tbtMs: 150,
  /** Cumulative Layout Shift. */
  cls: 0.02,
} as const;

/**
 * The phone's CPU, the same on every machine. Lighthouse's mobile preset
 * slows the CPU 4×, a figure calibrated for a high-end desktop (benchmark
 * index 1,500–2,000; Lighthouse's docs/throttling.md): on a faster machine
 * 4× stands for a faster phone, on a slower one (a CI runner) for a slower
 * one. The slowdown is scaled by this machine's benchmark index, so every
 * machine audits the phone 4× makes of a 1,750 desktop: a fast machine is
 * slowed more, a slow one less (never below 1×: a machine slower than the
 * phone cannot be sped up).
 */
export const REFERENCE_CPU = { benchmarkIndex: 1_750, slowdown: 4 } as const;

export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return REFERENCE_CPU.slowdown;
  const scaled = (REFERENCE_CPU.slowdown * benchmarkIndex) / REFERENCE_CPU.benchmarkIndex;
  return Math.round(Math.max(1, scaled) * 10) / 10;
}

/** The name of a page's row for a repeat visit. */
export function repeatVisit(page: string): string {
  return `${page} (repeat visit)`;
}

/** Runs per page; the figures kept are each metric's median (a machine is noisy). */
export const PERF_RUNS = 3;

export const lcpBudgetOf = (page: string): number =>
  PERF_BUDGETS.lcpMs[page] ?? PERF_BUDGETS.lcpMs.other ?? 0;

export interface PageFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Everything the page transferred (Lighthouse's total byte weight). */
  bytes: number;
  /** The JavaScript it transferred. */
  jsBytes: number;
  /** What moved, for a page over the CLS budget: each element's selector and its share. */
  shifts: string[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/** One page's figures from several runs: each metric's median; the shifts of the worst run. */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  const first = runs[0];
  if (!first) throw new Error('medianFigures: no runs');
  const of = (key: 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'bytes' | 'jsBytes') =>
    median(runs.map((run) => run[key]));
  const shiftiest = runs.reduce((worst, run) => (run.cls > worst.cls ? run : worst), first);
  return {
    page: first.page,
    score: Math.round(of('score')),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    bytes: of('bytes'),
    jsBytes: of('jsBytes'),
    shifts: shiftiest.shifts,
  };
}

/**
 * Each budget the figures miss, in words; empty when the page is within budget.
 * A repeat visit is held to its LCP and CLS: its first paint is the last
 * screen (docs/architecture.md §11), and the app's start, the same work as
 * on a first visit, then falls after that paint, where TBT counts it; TBT
 * and the score are the first visit's budgets.
 */
export function overBudget(figures: PageFigures): string[] {
  const misses: string[] = [];
  const lcpBudget = lcpBudgetOf(figures.page);
  const repeat = figures.page.endsWith(repeatVisit(''));
  if (!repeat && figures.score < PERF_BUDGETS.score) {
    misses.push(`performance ${figures.score} < ${PERF_BUDGETS.score}`);
  }
  if (figures.lcpMs > lcpBudget) {
    misses.push(`LCP ${(figures.lcpMs / 1000).toFixed(2)} s > ${lcpBudget / 1000} s`);
  }
  if (!repeat && figures.tbtMs > PERF_BUDGETS.tbtMs) {
    misses.push(`TBT ${Math.round(figures.tbtMs)} ms > ${PERF_BUDGETS.tbtMs} ms`);
  }
  if (figures.cls > PERF_BUDGETS.cls) {
    misses.push(`CLS ${figures.cls.toFixed(3)} > ${PERF_BUDGETS.cls}`);
  }
  return misses;
}
