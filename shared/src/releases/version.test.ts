import { describe, expect, it } from '@rstest/core';
import { compareVersions, isReleaseVersion, makeVersion } from './version';

describe('release versions', () => {
  it('are made from the package version, the UTC time to the second and the short commit', () => {
    const at = new Date('2026-11-24T01:30:05.900Z');
    expect(makeVersion('0.3.0', at, 'ABC1234DEF5678')).toBe('0.3.0-20261124.013005-abc1234');
  });

  it('refuse a package version or commit that would not make a safe path segment', () => {
    expect(() => makeVersion('next', new Date(), 'abc1234')).toThrow(/x\.y\.z/);
    expect(() => makeVersion('0.1.0', new Date(), '../../x')).toThrow(/commit/);
  });

  it('recognise only the exact format', () => {
    expect(isReleaseVersion('0.1.0-20261124.013005-abc1234')).toBe(true);
    for (const bad of [
      '0.1.0',
      '0.1.0-20261124.0130-abc1234',
      '../0.1.0-20261124.013005-abc1234',
      1,
    ]) {
      expect(isReleaseVersion(bad)).toBe(false);
    }
  });

  it('sort by package version numerically, then build time, then commit', () => {
    const sorted = [
      '0.10.0-20261101.000000-aaaaaaa',
      '0.9.0-20261130.000000-aaaaaaa',
      '0.9.0-20261124.013005-bbbbbbb',
      '0.9.0-20261124.013005-aaaaaaa',
      '0.9.0-20261124.013004-fffffff',
    ].sort(compareVersions);
    expect(sorted).toEqual([
      '0.9.0-20261124.013004-fffffff',
      '0.9.0-20261124.013005-aaaaaaa',
      '0.9.0-20261124.013005-bbbbbbb',
      '0.9.0-20261130.000000-aaaaaaa',
      '0.10.0-20261101.000000-aaaaaaa',
    ]);
    expect(compareVersions('0.1.0-20261124.013005-abc1234', '0.1.0-20261124.013005-abc1234')).toBe(
      0,
    );
  });
});
