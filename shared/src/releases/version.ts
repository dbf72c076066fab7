/**
 * Release versions (docs/architecture.md §9): `<package version>-<UTC yyyymmdd>.<hhmmss>-<commit>`,
 * e.g. `0.1.0-20261124.013005-abc1234`. Unique per second and commit, safe as
 * a URL path segment, and ordered by `compareVersions` (package version, then
 * build time, then commit), so "newest" never depends on a file's mtime.
 */
export const VERSION_PATTERN =
  /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})-(\d{8})\.(\d{6})-([0-9a-f]{7,40})$/;

export function isReleaseVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}

function parts(version: string): [number, number, number, string, string] {
  const match = VERSION_PATTERN.exec(version);
  if (!match) throw new Error(`"${version}" is not a release version`);
  const [, major, minor, patch, day, time, commit] = match as unknown as string[];
  return [Number(major), Number(minor), Number(patch), `${day}${time}`, commit ?? ''];
}

/** Negative when `a` is older than `b`, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < 3; index++) {
    const diff = (left[index] as number) - (right[index] as number);
    if (diff !== 0) return diff;
  }
  if (left[3] !== right[3]) return left[3] < right[3] ? -1 : 1;
  if (left[4] !== right[4]) return left[4] < right[4] ? -1 : 1;
  return 0;
}

/** Builds a version from its inputs; `at` is read in UTC so every machine agrees. */
export function makeVersion(packageVersion: string, at: Date, commit: string): string {
  const base = /^\d+\.\d+\.\d+/.exec(packageVersion)?.[0];
  if (!base) throw new Error(`package version "${packageVersion}" is not x.y.z`);
  const iso = at.toISOString(); // 2026-11-24T01:30:05.123Z
  const day = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  const version = `${base}-${day}.${time}-${commit.toLowerCase().slice(0, 7)}`;
  if (!isReleaseVersion(version)) throw new Error(`cannot make a version from commit "${commit}"`);
  return version;
}
