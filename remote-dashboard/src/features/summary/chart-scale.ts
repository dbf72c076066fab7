/**
 * The completions chart's vertical scale: a round top value (1, 2, 5 × 10ⁿ
 * steps, at most four of them) so the bars compare at a glance, and bar
 * heights in pixels for a plot of a given height.
 */
const STEPS = [1, 2, 5];
const MAX_STEPS = 4;

export function niceStep(max: number): number {
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const step of STEPS) {
      if (Math.ceil(max / (step * magnitude)) <= MAX_STEPS) return step * magnitude;
    }
  }
}

/** The value at the top of the plot: the largest count rounded up to a whole step; 1 when all are 0. */
export function scaleTop(counts: readonly number[]): number {
  const max = Math.max(0, ...counts);
  if (max === 0) return 1;
  const step = niceStep(max);
  return Math.ceil(max / step) * step;
}

/** Each count's bar height in pixels, proportional to the scale's top. */
export function barHeights(counts: readonly number[], plotHeight: number): number[] {
  const top = scaleTop(counts);
  return counts.map((count) => Math.round((Math.max(0, count) / top) * plotHeight));
}
