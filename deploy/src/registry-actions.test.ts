import { describe, expect, it } from '@rstest/core';
import {
  PREVIOUS_KEPT,
  parseRegistry,
  type Registry,
  WITHDRAWN_KEPT,
} from '@stride/shared/releases';
import { CommandError } from './errors';
import {
  describe as describeChange,
  parsePercent,
  promote,
  rollBackCanary,
  rollback,
  startCanary,
  stopCanary,
  withdraw,
} from './registry-actions';
import { V1, V2, V3 } from './test-support/store';

const empty: Registry = {
  apiBase: 'http://localhost:8000/api',
  releaseBase: 'http://localhost:3010',
  apps: {},
};
const published = [V1, V2, V3];

function live(version: string, extra: Partial<Registry['apps']['remote_goals']> = {}): Registry {
  return {
    ...empty,
    apps: { remote_goals: { live: version, canary: null, previous: [], ...extra } },
  };
}

describe('promote', () => {
  it('makes a first version live', () => {
    const { registry, change } = promote(empty, 'remote_goals', V1, published);
    expect(registry.apps.remote_goals).toEqual({ live: V1, canary: null, previous: [] });
    expect(change).toEqual({ action: 'promote', app: 'remote_goals', from: null, to: V1 });
  });

  it('keeps the replaced version first in previous, without repeats', () => {
    const { registry } = promote(live(V2, { previous: [V1] }), 'remote_goals', V3, published);
    expect(registry.apps.remote_goals?.previous).toEqual([V2, V1]);
    const back = promote(registry, 'remote_goals', V1, published).registry;
    expect(back.apps.remote_goals).toMatchObject({ live: V1, previous: [V3, V2] });
  });

  it(`keeps at most ${PREVIOUS_KEPT} earlier versions`, () => {
    const many = Array.from(
      { length: 12 },
      (_, i) => `0.1.0-2026112${i % 10}.1${String(i).padStart(5, '0')}-ddddddd`,
    );
    let registry = empty;
    for (const version of many)
      registry = promote(registry, 'remote_goals', version, many).registry;
    expect(registry.apps.remote_goals?.previous).toHaveLength(PREVIOUS_KEPT);
    expect(() => parseRegistry(registry)).not.toThrow();
  });

  it('ends the canary when the canary is promoted, and keeps another one', () => {
    const withCanary = live(V1, { canary: { version: V2, percent: 10 } });
    expect(
      promote(withCanary, 'remote_goals', V2, published).registry.apps.remote_goals?.canary,
    ).toBeNull();
    expect(
      promote(withCanary, 'remote_goals', V3, published).registry.apps.remote_goals?.canary,
    ).toEqual({
      version: V2,
      percent: 10,
    });
  });

  it('refuses an unpublished version and the live one', () => {
    expect(() => promote(empty, 'remote_goals', V3, [V1])).toThrow(
      `remote_goals has no published release ${V3} (the latest is ${V1})`,
    );
    expect(() => promote(empty, 'remote_goals', V1, [])).toThrow('pnpm release remote_goals');
    expect(() => promote(live(V1), 'remote_goals', V1, published)).toThrow(CommandError);
  });
});

describe('rollback', () => {
  it('goes back to the previous live version, then further back', () => {
    const start = live(V3, { previous: [V2, V1] });
    const once = rollback(start, 'remote_goals', undefined, published);
    expect(once.registry.apps.remote_goals).toMatchObject({ live: V2, previous: [V1] });
    expect(once.change).toEqual({ action: 'rollback', app: 'remote_goals', from: V3, to: V2 });
    const twice = rollback(once.registry, 'remote_goals', undefined, published);
    expect(twice.registry.apps.remote_goals).toMatchObject({ live: V1, previous: [] });
  });

  it('goes to a named version', () => {
    const { registry } = rollback(live(V3, { previous: [V2, V1] }), 'remote_goals', V1, published);
    expect(registry.apps.remote_goals).toMatchObject({ live: V1, previous: [V2] });
  });

  it('refuses with nothing to go back to', () => {
    expect(() => rollback(empty, 'remote_goals', undefined, published)).toThrow('no live version');
    expect(() => rollback(live(V1), 'remote_goals', undefined, published)).toThrow(
      'no earlier live version',
    );
    expect(() => rollback(live(V2), 'remote_goals', V2, published)).toThrow('already live');
    expect(() => rollback(live(V2), 'remote_goals', V3, [V2])).toThrow('no published release');
  });
});

describe('canary', () => {
  it('starts, changes and stops', () => {
    const started = startCanary(live(V1), 'remote_goals', V2, 20, published);
    expect(started.registry.apps.remote_goals?.canary).toEqual({ version: V2, percent: 20 });
    expect(started.change).toMatchObject({ action: 'canary', from: null, to: V2, percent: 20 });
    const widened = startCanary(started.registry, 'remote_goals', V2, 50, published);
    expect(widened.registry.apps.remote_goals?.canary?.percent).toBe(50);
    const stopped = stopCanary(widened.registry, 'remote_goals');
    expect(stopped.registry.apps.remote_goals?.canary).toBeNull();
    expect(stopped.change).toMatchObject({ action: 'canary-stop', from: V2, to: null });
  });

  it('refuses without a live version, for the live version, unpublished, or nothing to stop', () => {
    expect(() => startCanary(empty, 'remote_goals', V2, 10, published)).toThrow(
      'promote one first',
    );
    expect(() => startCanary(live(V1), 'remote_goals', V1, 10, published)).toThrow('already live');
    expect(() => startCanary(live(V1), 'remote_goals', V3, 10, [V1])).toThrow(
      'no published release',
    );
    expect(() => stopCanary(live(V1), 'remote_goals')).toThrow('no canary running');
  });

  it.each(['0', '100', '-5', '12.5', 'ten', '', undefined])('refuses --percent %s', (value) => {
    expect(() => parsePercent(value)).toThrow('--percent must be a whole number from 1 to 99');
  });

  it.each([
    ['1', 1],
    ['50', 50],
    ['99', 99],
  ])('accepts --percent %s', (value, percent) => {
    expect(parsePercent(value)).toBe(percent);
  });
});

describe('withdraw', () => {
  const V4 = '0.1.0-20261123.100000-ddddddd';
  const all = [...published, V4];

  it('takes the version out of the earlier live ones, so rollback skips it', () => {
    const start = live(V4, { previous: [V3, V2, V1] });
    const { registry, change } = withdraw(start, 'remote_goals', V3, all);
    expect(registry.withdrawn).toEqual({ remote_goals: [V3] });
    expect(registry.apps.remote_goals).toEqual({ live: V4, canary: null, previous: [V2, V1] });
    expect(change).toEqual({ action: 'withdraw', app: 'remote_goals', from: V3, to: null });
    expect(() => parseRegistry(registry)).not.toThrow();
    expect(rollback(registry, 'remote_goals', undefined, all).registry.apps.remote_goals).toEqual({
      live: V2,
      canary: null,
      previous: [V1],
    });
  });

  it('rollback skips a withdrawn version even where the registry still lists it', () => {
    // Not a document parseRegistry accepts, but rollback does not count on that.
    const listed: Registry = {
      ...live(V4, { previous: [V3, V2] }),
      withdrawn: { remote_goals: [V3] },
    };
    expect(rollback(listed, 'remote_goals', undefined, all).change.to).toBe(V2);
    expect(() => rollback(listed, 'remote_goals', V3, all)).toThrow('was withdrawn');
  });

  it('ends the canary when it is the canary, and keeps another one', () => {
    const withCanary = live(V1, { canary: { version: V2, percent: 10 } });
    const ended = withdraw(withCanary, 'remote_goals', V2, all);
    expect(ended.registry.apps.remote_goals?.canary).toBeNull();
    expect(ended.change.endedCanary).toBe(true);
    expect(describeChange(ended.change)).toBe(
      `remote_goals: ${V2} withdrawn; its canary ended, every browser runs the live version`,
    );
    const kept = withdraw(withCanary, 'remote_goals', V3, all);
    expect(kept.registry.apps.remote_goals?.canary).toEqual({ version: V2, percent: 10 });
    expect(kept.change.endedCanary).toBeUndefined();
  });

  it('withdraws a version of an app with nothing live yet, which then cannot go live', () => {
    const { registry } = withdraw(empty, 'remote_goals', V1, all);
    expect(registry).toEqual({ ...empty, withdrawn: { remote_goals: [V1] } });
    expect(() => promote(registry, 'remote_goals', V1, all)).toThrow(
      `remote_goals ${V1} was withdrawn`,
    );
  });

  it('is refused by promote, canary and rollback --to from then on', () => {
    const { registry } = withdraw(live(V1, { previous: [V2] }), 'remote_goals', V3, all);
    for (const attempt of [
      () => promote(registry, 'remote_goals', V3, all),
      () => startCanary(registry, 'remote_goals', V3, 10, all),
      () => rollback(registry, 'remote_goals', V3, all),
    ]) {
      expect(attempt).toThrow(`remote_goals ${V3} was withdrawn`);
    }
  });

  it('the watcher ending a canary leaves the live version, never a withdrawn one', () => {
    const withCanary = live(V3, { canary: { version: V4, percent: 10 }, previous: [V2, V1] });
    const withdrawn = withdraw(withCanary, 'remote_goals', V2, all).registry;
    const { registry } = rollBackCanary(withdrawn, 'remote_goals', V4);
    expect(registry.apps.remote_goals).toEqual({ live: V3, canary: null, previous: [V1] });
    // A canary withdrawn before the watcher acts is no longer its to end.
    const gone = withdraw(withCanary, 'remote_goals', V4, all).registry;
    expect(() => rollBackCanary(gone, 'remote_goals', V4)).toThrow('no longer the canary');
  });

  it('refuses the live version, an unpublished one, a second time, and past the limit', () => {
    expect(() => withdraw(live(V1), 'remote_goals', V1, all)).toThrow(
      `remote_goals ${V1} is live: roll back first (pnpm registry rollback remote_goals) or promote a fixed version, then withdraw it`,
    );
    expect(() => withdraw(live(V1), 'remote_goals', V2, [V1])).toThrow('no published release');
    const once = withdraw(live(V1), 'remote_goals', V2, all).registry;
    expect(() => withdraw(once, 'remote_goals', V2, all)).toThrow(
      `remote_goals ${V2} is already withdrawn; nothing changed`,
    );
    const many = Array.from(
      { length: WITHDRAWN_KEPT + 1 },
      (_, i) => `0.1.0-20261101.${String(i).padStart(6, '0')}-eeeeeee`,
    );
    let registry = live(V1);
    for (const version of many.slice(0, WITHDRAWN_KEPT)) {
      registry = withdraw(registry, 'remote_goals', version, many).registry;
    }
    expect(() => parseRegistry(registry)).not.toThrow();
    expect(() => withdraw(registry, 'remote_goals', many.at(-1) ?? '', many)).toThrow(
      `remote_goals already has ${WITHDRAWN_KEPT} withdrawn versions`,
    );
  });
});
