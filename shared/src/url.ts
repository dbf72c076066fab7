// URLs and base paths as configuration gives them: one home for the rule
// that "http://api/" and "http://api" name the same base.

/**
 * `value` without the slashes at its end. A loop rather than /\/+$/, which
 * retries from every slash of a long run (quadratic on "////…x").
 */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47) end -= 1;
  return value.slice(0, end);
}
