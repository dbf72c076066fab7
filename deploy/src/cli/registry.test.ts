import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@rstest/core';
import { readHistory } from '../registry-file';
import { figuresApi, stats, TOKEN } from '../test-support/load-figures';
import { publish, tempStore, V1, V2, V3 } from '../test-support/store';
import { type Deps, runRegistry } from './registry';

let store: string;
let out: string[];
let err: string[];

function run(...argv: string[]): Promise<number> {
  return runWith({}, undefined, ...argv);
}

/** With the lock's waiting shortened. */
function runWithLock(lock: Deps['lock'], ...argv: string[]): Promise<number> {
  return runRegistry(
    argv,
    { RELEASE_DIR: store, STRIDE_RELEASE_USER: 'tester' },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { now: () => new Date('2026-11-24T10:00:00Z'), lock },
  );
}

/** With more environment (METRICS_TOKEN) and the API's load figures faked. */
function runWith(
  env: Record<string, string>,
  fetchImpl: typeof fetch | undefined,
  ...argv: string[]
): Promise<number> {
  return runRegistry(
    argv,
    { RELEASE_DIR: store, STRIDE_RELEASE_USER: 'tester', ...env },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { now: () => new Date('2026-11-24T10:00:00Z'), ...(fetchImpl ? { fetch: fetchImpl } : {}) },
  );
}

const registryFile = () => join(store, 'registry.json');
const registryBytes = () => readFileSync(registryFile());

beforeEach(async () => {
  store = tempStore();
  out = [];
  err = [];
  for (const version of [V1, V2, V3]) publish(store, 'remote_goals', version);
  // A live host, as the gate wants one beside any remote; its history line is not the test's.
  publish(store, 'host', V1);
  await run('promote', 'host', V1);
  rmSync(join(store, 'history.jsonl'));
  out = [];
});

describe('pnpm registry', () => {
  it('promotes, logs one history line and prints what changed', async () => {
    expect(await run('promote', 'remote-goals', V1)).toBe(0);
    expect(out).toEqual([`remote_goals: live none → ${V1}`]);
    const written = JSON.parse(readFileSync(registryFile(), 'utf8'));
    expect(written.apps.remote_goals).toEqual({ live: V1, canary: null, previous: [] });
    expect(written.releaseBase).toMatch(/^http:\/\/localhost:\d+\/releases$/);
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

  it('keeps a reason in the history', async () => {
    await run('promote', 'remote_goals', V1);
    expect(
      await run('canary', 'remote_goals', V2, '--percent', '10', '--reason', 'new editor'),
    ).toBe(0);
    expect(readHistory(store, 1)[0]).toMatchObject({
      action: 'canary',
      percent: 10,
      reason: 'new editor',
    });
  });

  it('status --json lists live, canary, published versions and history', async () => {
    await run('promote', 'remote_goals', V1);
    await run('canary', 'remote_goals', V2, '--percent', '30');
    out = [];
    expect(await run('status', '--json')).toBe(0);
    const report = JSON.parse(out.join('\n'));
    const goals = report.apps.find((entry: { app: string }) => entry.app === 'remote_goals');
    expect(goals).toEqual({
      app: 'remote_goals',
      live: V1,
      canary: { version: V2, percent: 30 },
      previous: [],
      withdrawn: [],
      published: [V1, V2, V3],
    });
    expect(report.history.map((entry: { action: string }) => entry.action)).toEqual([
      'promote',
      'canary',
    ]);
    out = [];
    expect(await run('status')).toBe(0);
    expect(out.join('\n')).toContain(`${V2} (30 %)`);
  });

  it('status shows browsers, failing browsers, loads, failures and p75 of the live and canary versions', async () => {
    await run('promote', 'remote_goals', V1);
    await run('canary', 'remote_goals', V2, '--percent', '30');
    const api = figuresApi([
      stats('remote_goals', V1, 40, 1, 210, 30),
      stats('remote_goals', V2, 12, 6, 950, 8),
      stats('remote_tasks', 'local', 3, 0),
    ]);
    out = [];
    expect(await runWith({ METRICS_TOKEN: TOKEN }, api.fetch, 'status')).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Loads in browsers, last 15 min:');
    expect(text).toMatch(new RegExp(`remote_goals +live +${V1} +30 +1 \\(3.3 %\\) +40 +1 +210 ms`));
    expect(text).toMatch(new RegExp(`remote_goals +canary +${V2} +8 +6 \\(75 %\\) +12 +6 +950 ms`));

    out = [];
    expect(await runWith({ METRICS_TOKEN: TOKEN }, api.fetch, 'status', '--json')).toBe(0);
    const goals = JSON.parse(out.join('\n')).apps.find(
      (entry: { app: string }) => entry.app === 'remote_goals',
    );
    expect(goals.loads.canary).toMatchObject({ loads: 12, failures: 6, failure_rate: 0.5 });

    out = [];
    expect(await run('status')).toBe(0);
    expect(out.join('\n')).toContain('Loads in browsers: none to show (set METRICS_TOKEN');
  });

  it('watch --once rolls back a failing canary, and the history says so', async () => {
    await run('promote', 'remote_goals', V1);
    await run('canary', 'remote_goals', V2, '--percent', '50');
    const api = figuresApi([stats('remote_goals', V2, 20, 20), stats('remote_goals', V1, 20, 0)]);
    out = [];
    expect(await runWith({ METRICS_TOKEN: TOKEN }, api.fetch, 'watch', '--once')).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^watch: remote_goals: canary .* rolled back/)]);
    out = [];
    await run('status');
    expect(out.join('\n')).toMatch(
      /canary-watcher +canary-rollback +remote_goals .*“failed in 20 of 20 browsers/,
    );
    expect(await runWith({ CANARY_MIN_LOADS: 'many' }, undefined, 'watch')).toBe(1);
    expect(err.at(-1)).toMatch(/CANARY_MIN_LOADS must be a whole number/);
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
      [
        'a withdrawal without a reason',
        ['withdraw', 'remote_goals', V2],
        /withdraw needs --reason "<text>"/,
      ],
      [
        'withdrawing the live version',
        ['withdraw', 'remote_goals', V1, '--reason', 'crashes'],
        /remote_goals .* is live: roll back first \(pnpm registry rollback remote_goals\) or promote a fixed version, then withdraw it/,
      ],
      [
        'withdrawing a version never released',
        ['withdraw', 'remote_goals', '0.1.0-20261123.100000-ddddddd', '--reason', 'x'],
        /remote_goals has no published release/,
      ],
      [
        'a reason of two lines',
        ['withdraw', 'remote_goals', V2, '--reason', 'crashes\non save'],
        /--reason must be one line of 1 to 500 characters/,
      ],
      [
        'a reason too long for the history',
        ['promote', 'remote_goals', V2, '--reason', 'x'.repeat(501)],
        /--reason must be one line/,
      ],
    ];
    it.each(refusals)('%s', async (_, argv, message) => {
      await run('promote', 'remote_goals', V1);
      // Compact, as a hand edit might leave it: any rewrite would change the bytes.
      writeFileSync(
        registryFile(),
        JSON.stringify(JSON.parse(readFileSync(registryFile(), 'utf8'))),
      );
      const before = registryBytes();
      const historyBefore = readFileSync(join(store, 'history.jsonl'));
      err = [];
      expect(await run(...argv)).toBe(1);
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
    ])('a broken registry file (%s)', async (_, broken) => {
      writeFileSync(registryFile(), broken);
      expect(await run('promote', 'remote_goals', V2)).toBe(1);
      expect(err[0]).toMatch(/^registry: registry\.json: /);
      expect(readFileSync(registryFile(), 'utf8')).toBe(broken);
      expect(await run('status')).toBe(1);
    });

    it('while another command holds the lock past the wait', async () => {
      await run('promote', 'remote_goals', V1);
      const before = registryBytes();
      writeFileSync(join(store, 'registry.lock'), '12345\n');
      expect(await runWithLock({ waitMs: 100 }, 'promote', 'remote_goals', V2)).toBe(1);
      expect(err).toEqual([
        expect.stringMatching(
          /^registry: another registry command holds the lock .* \(holder unknown\); try again in a moment$/,
        ),
      ]);
      expect(registryBytes().equals(before)).toBe(true);
    });
  });

  it('takes over a lock left by a command that died', async () => {
    await run('promote', 'remote_goals', V1);
    const lock = join(store, 'registry.lock');
    writeFileSync(lock, '12345\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(await run('promote', 'remote_goals', V2)).toBe(0);
    expect(err).toEqual([
      'registry: took over the registry lock of a command that ended (holder unknown)',
    ]);
    expect(existsSync(lock)).toBe(false);
  });

  describe('withdraw', () => {
    beforeEach(async () => {
      await run('promote', 'remote_goals', V1);
      await run('promote', 'remote_goals', V2);
      out = [];
    });

    it('takes a version out of service; the history says who and why, status lists it', async () => {
      expect(await run('withdraw', 'remote_goals', V1, '--reason', 'loses drafts on save')).toBe(0);
      expect(out).toEqual([`remote_goals: ${V1} withdrawn; no browser will load it`]);
      expect(readHistory(store, 1)).toEqual([
        {
          time: '2026-11-24T10:00:00.000Z',
          user: 'tester',
          action: 'withdraw',
          app: 'remote_goals',
          from: V1,
          to: null,
          reason: 'loses drafts on save',
        },
      ]);
      const written = JSON.parse(readFileSync(registryFile(), 'utf8'));
      expect(written.withdrawn).toEqual({ remote_goals: [V1] });
      // It was the only earlier version: nothing is left to roll back to.
      expect(written.apps.remote_goals).toEqual({ live: V2, canary: null, previous: [] });
      out = [];
      await run('status');
      expect(out.join('\n')).toMatch(new RegExp(`remote_goals +${V2} +— +3 +${V1}`));
      expect(out.join('\n')).toMatch(
        new RegExp(`tester +withdraw +remote_goals +${V1} → — +“loses drafts on save”`),
      );

      err = [];
      for (const argv of [
        ['promote', 'remote_goals', V1],
        ['canary', 'remote_goals', V1, '--percent', '10'],
        ['rollback', 'remote_goals', '--to', V1],
        ['rollback', 'remote_goals'],
      ]) {
        expect(await run(...argv)).toBe(1);
      }
      expect(err).toEqual([
        `registry: remote_goals ${V1} was withdrawn (pnpm registry status shows who and why): release a fixed version`,
        `registry: remote_goals ${V1} was withdrawn (pnpm registry status shows who and why): release a fixed version`,
        `registry: remote_goals ${V1} was withdrawn (pnpm registry status shows who and why): release a fixed version`,
        'registry: remote_goals has no earlier live version to roll back to',
      ]);
    });

    it('ends the canary when the canary is withdrawn', async () => {
      await run('canary', 'remote_goals', V3, '--percent', '20');
      out = [];
      expect(await run('withdraw', 'remote_goals', V3, '--reason', 'slow')).toBe(0);
      expect(out).toEqual([
        `remote_goals: ${V3} withdrawn; its canary ended, every browser runs the live version`,
      ]);
      expect(JSON.parse(readFileSync(registryFile(), 'utf8')).apps.remote_goals.canary).toBeNull();
      expect(readHistory(store, 1)[0]).toMatchObject({ action: 'withdraw', endedCanary: true });
    });

    it('a second withdrawal of the same version is refused and changes nothing', async () => {
      expect(await run('withdraw', 'remote_goals', V3, '--reason', 'first')).toBe(0);
      const before = registryBytes();
      const historyBefore = readFileSync(join(store, 'history.jsonl'));
      err = [];
      expect(await run('withdraw', 'remote_goals', V3, '--reason', 'again')).toBe(1);
      expect(err).toEqual([`registry: remote_goals ${V3} is already withdrawn; nothing changed`]);
      expect(registryBytes().equals(before)).toBe(true);
      expect(readFileSync(join(store, 'history.jsonl')).equals(historyBefore)).toBe(true);
    });
  });

  it('prints usage without a command, with a non-zero exit', async () => {
    expect(await run()).toBe(2);
    expect(out.join('\n')).toContain('pnpm registry promote <app> <version>');
  });

  describe('the release gate', () => {
    const V4 = '0.1.0-20261123.100000-ddddddd';
    beforeEach(async () => {
      publish(store, 'remote_goals', V4, { shared_needs: ['Button', 'useStreak'] });
    });

    it('refuses promote and canary naming each problem, and changes nothing', async () => {
      const before = registryBytes();
      expect(await run('promote', 'remote_goals', V4)).toBe(1);
      expect(err[0]).toMatch(/^registry: refused: promote remote_goals .* \(1 problem; --force/);
      expect(err[1]).toMatch(/^ {2}- GATE-003 .*useStreak/);
      await run('promote', 'remote_goals', V1);
      const withLive = registryBytes();
      expect(await run('canary', 'remote_goals', V4, '--percent', '10')).toBe(1);
      expect(registryBytes()).toEqual(withLive);
      expect(readHistory(store, 10).map((entry) => entry.to)).toEqual([V1]);
      expect(before).not.toEqual(withLive);
    });

    it('lets a host that provides the export through, then the remote', async () => {
      publish(store, 'host', V2, { shared_provides: ['Button', 'paths', 'useStreak'] });
      expect(await run('promote', 'host', V2)).toBe(0);
      expect(await run('promote', 'remote_goals', V4)).toBe(0);
    });

    it('refuses a host release that would drop an export a live remote uses', async () => {
      await run('promote', 'remote_goals', V4, '--force', '--reason', 'setting up');
      publish(store, 'host', V3, { shared_provides: ['Button', 'paths'] });
      expect(await run('promote', 'host', V3)).toBe(1);
      expect(err.at(-1)).toMatch(/^ {2}- GATE-003 .*useStreak .*beside the live remote_goals/);
    });

    it('--force overrides with its reason and the problems in the history; it needs a reason', async () => {
      expect(await run('promote', 'remote_goals', V4, '--force')).toBe(1);
      expect(err.at(-1)).toBe('registry: --force needs a --reason, kept in the history');
      expect(
        await run('promote', 'remote_goals', V4, '--force', '--reason', 'hotfix, host follows'),
      ).toBe(0);
      expect(err.at(-1)).toMatch(/^registry: forced past: GATE-003 .*useStreak/);
      expect(readHistory(store, 1)[0]).toMatchObject({
        action: 'promote',
        to: V4,
        reason: 'hotfix, host follows',
        forced: [expect.stringMatching(/^GATE-003 .*useStreak/)],
      });
    });
  });
});
