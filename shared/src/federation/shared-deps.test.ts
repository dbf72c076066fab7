import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { SINGLETONS, sharedFor, TREE_SHAKEN } from './shared-deps';

const repo = join(import.meta.dirname, '..', '..', '..');

describe('sharedFor', () => {
  it('shares every singleton the host uses, pinned to the installed version', () => {
    const shared = sharedFor(join(repo, 'host'));
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS].sort());
    for (const entry of Object.values(shared)) {
      expect(entry.singleton).toBe(true);
      expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
    }
  });

  it('builds the tree-shaken singletons shaken, and only those', () => {
    const shared = sharedFor(join(repo, 'host'));
    for (const [key, entry] of Object.entries(shared)) {
      const shaken = (TREE_SHAKEN as readonly string[]).includes(key);
      expect(entry.treeShaking, key).toEqual(shaken ? { mode: 'runtime-infer' } : undefined);
    }
  });

  it('leaves out what a remote does not depend on', () => {
    const shared = sharedFor(join(repo, 'remote-goals'));
    expect(shared).toHaveProperty(['react/']);
    expect(shared).toHaveProperty(['@stride/shared']);
    expect(shared).not.toHaveProperty(['@radix-ui/react-dropdown-menu']);
  });
});
