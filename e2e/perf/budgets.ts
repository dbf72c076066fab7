// What `pnpm perf` holds every page to, on Lighthouse's mobile preset
// (simulated slow 4G and a 4× slower CPU): the targets a phone user feels.
export const PERF_BUDGETS = {
  /** Lighthouse's performance score, 0–100. */
  score: 95,
  /** Largest Contentful Paint, ms. */
  lcpMs: 2_000,
  /** Total Blocking Time, ms. */
  tbtMs: 100,
  /** Cumulative Layout Shift. */
  cls: 0.02,
} as const;

export interface PageFigures {
  page: string;
  score: number;
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

/** Each budget the figures miss, in words; empty when the page is within budget. */
export function overBudget(figures: PageFigures): string[] {
  const misses: string[] = [];
  if (figures.score < PERF_BUDGETS.score) {
    misses.push(`performance ${figures.score} < ${PERF_BUDGETS.score}`);
  }
  if (figures.lcpMs > PERF_BUDGETS.lcpMs) {
    misses.push(`LCP ${(figures.lcpMs / 1000).toFixed(1)} s > ${PERF_BUDGETS.lcpMs / 1000} s`);
  }
  if (figures.tbtMs > PERF_BUDGETS.tbtMs) {
    misses.push(`TBT ${Math.round(figures.tbtMs)} ms > ${PERF_BUDGETS.tbtMs} ms`);
  }
  if (figures.cls > PERF_BUDGETS.cls) {
    misses.push(`CLS ${figures.cls.toFixed(3)} > ${PERF_BUDGETS.cls}`);
  }
  return misses;
}
