import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@rstest/core';
import { readHistory } from '../registry-file';
import { publish, tempStore, V1, V2, V3 } from '../test-support/store';
import { runRegistry } from './registry';

let store: string;
let out: string[];
let err: string[];

function run(...argv: string[]): number {
  return runRegistry(
    argv,
    { RELEASE_DIR: store, STRIDE_RELEASE_USER: 'tester' },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    () => new Date('2026-11-24T10:00:00Z'),
  );
}

const registryFile = () => join(store, 'registry.json');
const registryBytes = () => readFileSync(registryFile());

beforeEach(() => {
  store = tempStore();
  out = [];
  err = [];
  for (const version of [V1, V2, V3]) publish(store, 'remote_goals', version);
  // A live host, as the gate wants one beside any remote; its history line is not the test's.
  publish(store, 'host', V1);
  run('promote', 'host', V1);
  rmSync(join(store, 'history.jsonl'));
  out = [];
});

describe('pnpm registry', () => {
  it('promotes, logs one history line and prints what changed', () => {
    expect(run('promote', 'remote-goals', V1)).toBe(0);
    expect(out).toEqual([`remote_goals: live none → ${V1}`]);
    const written = JSON.parse(readFileSync(registryFile(), 'utf8'));
    expect(written.apps.remote_goals).toEqual({ live: V1, canary: null, previous: [] });
    expect(written.releaseBase).toMatch(/^http:\/\/localhost:\d+$/);
    expect(readHistory(store, 10)).toEqual([
      {
        time: '2026-11-24T10:00:00.000Z',
        user: 'tester',
        action: 'promote',
        app: 'remote_goals',
        from: null,
        to: V1,
      },
    ]);
    // No temporary file or lock is left behind.
    expect(existsSync(join(store, 'registry.lock'))).toBe(false);
  });

  it('keeps a reason in the history', () => {
    run('promote', 'remote_goals', V1);
    expect(run('canary', 'remote_goals', V2, '--percent', '10', '--reason', 'new editor')).toBe(0);
    expect(readHistory(store, 1)[0]).toMatchObject({
      action: 'canary',
      percent: 10,
      reason: 'new editor',
    });
  });

  it('status --json lists live, canary, published versions and history', () => {
    run('promote', 'remote_goals', V1);
    run('canary', 'remote_goals', V2, '--percent', '30');
    out = [];
    expect(run('status', '--json')).toBe(0);
    const report = JSON.parse(out.join('\n'));
    const goals = report.apps.find((entry: { app: string }) => entry.app === 'remote_goals');
    expect(goals).toEqual({
      app: 'remote_goals',
      live: V1,
      canary: { version: V2, percent: 30 },
      previous: [],
      published: [V1, V2, V3],
    });
    expect(report.history.map((entry: { action: string }) => entry.action)).toEqual([
      'promote',
      'canary',
    ]);
    out = [];
    expect(run('status')).toBe(0);
    expect(out.join('\n')).toContain(`${V2} (30 %)`);
  });

  describe('a refusal is one line, a non-zero exit, and leaves the registry byte-identical', () => {
    const refusals: [string, string[], RegExp][] = [
      ['a bad app name', ['promote', 'remote_gaols', V2], /unknown app "remote_gaols"/],
      ['a malformed version', ['promote', 'remote_goals', 'latest'], /not a release version/],
      [
        'an unknown version',
        ['promote', 'remote_goals', '0.1.0-20261123.100000-ddddddd'],
        /no published release/,
      ],
      ['the live version', ['promote', 'remote_goals', V1], /already live/],
      ['a percentage of 0', ['canary', 'remote_goals', V2, '--percent', '0'], /--percent must be/],
      [
        'a percentage of 100',
        ['canary', 'remote_goals', V2, '--percent', '100'],
        /--percent must be/,
      ],
      ['a missing percentage', ['canary', 'remote_goals', V2], /--percent must be/],
      ['no canary to stop', ['canary', 'remote_goals', '--stop'], /no canary running/],
      ['no earlier version', ['rollback', 'remote_goals'], /no earlier live version/],
      ['an unknown option', ['promote', 'remote_goals', V2, '--forse'], /Unknown option '--forse'/],
      ['an extra argument', ['rollback', 'remote_goals', V2], /unexpected argument/],
      ['an unknown command', ['demote', 'remote_goals'], /unknown command "demote"/],
      ['a host version for a remote', ['promote', 'host', V2], /host has no published release/],
    ];
    it.each(refusals)('%s', (_, argv, message) => {
      run('promote', 'remote_goals', V1);
      // Compact, as a hand edit might leave it: any rewrite would change the bytes.
      writeFileSync(
        registryFile(),
        JSON.stringify(JSON.parse(readFileSync(registryFile(), 'utf8'))),
      );
      const before = registryBytes();
      const historyBefore = readFileSync(join(store, 'history.jsonl'));
      err = [];
      expect(run(...argv)).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^registry: /);
      expect(err[0]).toMatch(message);
      expect(err[0]).not.toContain('\n');
      expect(registryBytes().equals(before)).toBe(true);
      expect(readFileSync(join(store, 'history.jsonl')).equals(historyBefore)).toBe(true);
    });

    it.each([
      ['not JSON', '{"apps": '],
      ['an invalid document', '{"apps": {"remote_goals": {"live": "latest"}}}'],
      [
        'an app Stride does not have',
        '{"apiBase":"http://a","releaseBase":"http://b","apps":{"x":{}}}',
      ],
    ])('a broken registry file (%s)', (_, broken) => {
      writeFileSync(registryFile(), broken);
      expect(run('promote', 'remote_goals', V2)).toBe(1);
      expect(err[0]).toMatch(/^registry: registry\.json: /);
      expect(readFileSync(registryFile(), 'utf8')).toBe(broken);
      expect(run('status')).toBe(1);
    });

    it('while another command holds the lock', () => {
      run('promote', 'remote_goals', V1);
      const before = registryBytes();
      writeFileSync(join(store, 'registry.lock'), '12345\n');
      expect(run('promote', 'remote_goals', V2)).toBe(1);
      expect(err[0]).toMatch(/another registry command is running/);
      expect(registryBytes().equals(before)).toBe(true);
    });
  });

  it('takes over a lock left by a command that died', () => {
    run('promote', 'remote_goals', V1);
    const lock = join(store, 'registry.lock');
    writeFileSync(lock, '12345\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(run('promote', 'remote_goals', V2)).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('prints usage without a command, with a non-zero exit', () => {
    expect(run()).toBe(2);
    expect(out.join('\n')).toContain('pnpm registry promote <app> <version>');
  });

  describe('the release gate', () => {
    const V4 = '0.1.0-20261123.100000-ddddddd';
    beforeEach(() => {
      publish(store, 'remote_goals', V4, { shared_needs: ['Button', 'useStreak'] });
    });

    it('refuses promote and canary naming each problem, and changes nothing', () => {
      const before = registryBytes();
      expect(run('promote', 'remote_goals', V4)).toBe(1);
      expect(err[0]).toMatch(/^registry: refused: promote remote_goals .* \(1 problem; --force/);
      expect(err[1]).toBe(
        `  - remote_goals ${V4} uses @stride/shared exports that host ${V1} does not provide: useStreak (with the live host ${V1})`,
      );
      run('promote', 'remote_goals', V1);
      const withLive = registryBytes();
      expect(run('canary', 'remote_goals', V4, '--percent', '10')).toBe(1);
      expect(registryBytes()).toEqual(withLive);
      expect(readHistory(store, 10).map((entry) => entry.to)).toEqual([V1]);
      expect(before).not.toEqual(withLive);
    });

    it('lets a host that provides the export through, then the remote', () => {
      publish(store, 'host', V2, { shared_provides: ['Button', 'paths', 'useStreak'] });
      expect(run('promote', 'host', V2)).toBe(0);
      expect(run('promote', 'remote_goals', V4)).toBe(0);
    });

    it('refuses a host release that would drop an export a live remote uses', () => {
      run('promote', 'remote_goals', V4, '--force', '--reason', 'setting up');
      publish(store, 'host', V3, { shared_provides: ['Button', 'paths'] });
      expect(run('promote', 'host', V3)).toBe(1);
      expect(err.at(-1)).toContain('useStreak (beside the live remote_goals');
    });

    it('--force overrides with its reason and the problems in the history; it needs a reason', () => {
      expect(run('promote', 'remote_goals', V4, '--force')).toBe(1);
      expect(err.at(-1)).toBe('registry: --force needs a --reason, kept in the history');
      expect(
        run('promote', 'remote_goals', V4, '--force', '--reason', 'hotfix, host follows'),
      ).toBe(0);
      expect(err.at(-1)).toMatch(/^registry: forced past: remote_goals .* useStreak/);
      expect(readHistory(store, 1)[0]).toMatchObject({
        action: 'promote',
        to: V4,
        reason: 'hotfix, host follows',
        forced: [expect.stringContaining('useStreak')],
      });
    });
  });
});
