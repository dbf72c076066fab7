import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import {
  type FinishedLoad,
  onFinishedLoad,
  pageRendered,
  resetRemoteLoads,
} from '../telemetry/remote-loads';
import fallbackPlugin from './fallback';
import retryPlugin from './retry';
import telemetryPlugin from './telemetry';

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
});

type Args<K extends 'fetch' | 'errorLoadRemote'> = Parameters<
  NonNullable<ReturnType<typeof retryPlugin>[K]>
>;

describe('retry plugin', () => {
  it('retries a manifest fetch after a network error or a 5xx', async () => {
    rs.useFakeTimers();
    const { calls } = stubFetch(networkError(), json({}, 503), json({ ok: true }));
    const pending = retryPlugin().fetch?.(...(['http://r/mf-manifest.json', {}] as Args<'fetch'>));
    await rs.advanceTimersByTimeAsync(2000);
    const response = (await pending) as Response;
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('gives up after two retries and does not retry a 404', async () => {
    rs.useFakeTimers();
    stubFetch(networkError(), networkError(), networkError());
    const failing = retryPlugin().fetch?.(
      ...(['http://r/m.json', {}] as Args<'fetch'>),
    ) as Promise<Response>;
    const settled = failing.catch((e: unknown) => e);
    await rs.advanceTimersByTimeAsync(2000);
    expect(await settled).toBeInstanceOf(TypeError);

    const { calls } = stubFetch(json({}, 404));
    const notFound = (await retryPlugin().fetch?.(
      ...(['http://r/x.json', {}] as Args<'fetch'>),
    )) as Response;
    expect(notFound.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  type LoadEntryArgs = Parameters<NonNullable<ReturnType<typeof retryPlugin>['loadEntryError']>>[0];
  const key = 'remote_goals@http://r/remoteEntry.js';
  const entryArgs = (
    getRemoteEntry: () => Promise<unknown>,
    globalLoading: Record<string, unknown>,
  ) =>
    ({
      getRemoteEntry,
      origin: {},
      remoteInfo: {},
      globalLoading,
      uniqueKey: key,
    }) as unknown as LoadEntryArgs;

  it('loads a failed entry script again, forgetting the memoised failure first', async () => {
    rs.useFakeTimers();
    const entry = { get: () => undefined, init: () => undefined };
    const globalLoading: Record<string, unknown> = { [key]: Promise.resolve(undefined) };
    const seen: unknown[] = [];
    const getRemoteEntry = rs.fn(async () => {
      // The runtime would hand back its memoised failure if the key were still there.
      seen.push(globalLoading[key]);
      if (getRemoteEntry.mock.calls.length === 1) throw new Error('ScriptExecutionError');
      return entry;
    });
    const pending = retryPlugin().loadEntryError?.(entryArgs(getRemoteEntry, globalLoading));
    await rs.advanceTimersByTimeAsync(2000);
    expect(await pending).toBe(entry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([undefined, undefined]);
  });

  it('gives up on an entry script after two more tries, for the fallback plugin to take over', async () => {
    rs.useFakeTimers();
    const getRemoteEntry = rs.fn(async () => {
      throw new Error('ScriptNetworkError');
    });
    const pending = retryPlugin().loadEntryError?.(entryArgs(getRemoteEntry, {}));
    await rs.advanceTimersByTimeAsync(2000);
    expect(await pending).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });
});

describe('fallback plugin', () => {
  const emit = (lifecycle: string) =>
    fallbackPlugin().errorLoadRemote?.({
      id: 'remote_goals/GoalsPage',
      error: new Error('x'),
      lifecycle,
    } as unknown as Args<'errorLoadRemote'>[0]);

  it('returns nothing at afterResolve, where a value would be read as a manifest', async () => {
    await expect(emit('afterResolve')).resolves.toBeUndefined();
  });

  it('returns a page module at onLoad', async () => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
    const module = (await emit('onLoad')) as { default: unknown };
    expect(typeof module.default).toBe('function');
  });
});

describe('telemetry plugin', () => {
  type Plugin = ReturnType<typeof telemetryPlugin>;
  /** A hook of the plugin, called with whatever part of the runtime's arguments a test needs. */
  const hook = (name: keyof Plugin) =>
    telemetryPlugin()[name] as unknown as (args: unknown) => unknown;
  const id = 'remote_goals/GoalsPage';
  let seen: FinishedLoad[];

  const run = async (steps: [keyof Plugin, Record<string, unknown>][]) => {
    resetRemoteLoads(() => 0);
    seen = [];
    onFinishedLoad((load) => seen.push(load));
    for (const [name, args] of steps) await hook(name)({ id, ...args });
  };

  it('passes the request on unchanged and changes no failure', async () => {
    const args = { id, options: {} };
    expect(await hook('beforeRequest')(args)).toBe(args);
    expect(await hook('errorLoadRemote')({ id, lifecycle: 'onLoad', error: new Error('x') })).toBe(
      undefined,
    );
  });

  it('reports a manifest failure the fallback stood in for', async () => {
    await run([
      ['beforeRequest', {}],
      ['errorLoadRemote', { lifecycle: 'afterResolve' }],
      ['errorLoadRemote', { lifecycle: 'onLoad' }],
      ['afterLoadRemote', { error: new Error('x'), recovered: true }],
    ]);
    expect(seen).toEqual([
      { app: 'remote_goals', outcome: 'error', phase: 'manifest', durationMs: 0 },
    ]);
  });

  it('reports an entry failure, and a shared one', async () => {
    await run([
      ['beforeRequest', {}],
      ['afterLoadRemote', { error: new Error('ScriptExecutionError') }],
      ['beforeRequest', {}],
      ['errorLoadShare', { pkgName: 'react', lifecycle: 'loadShare' }],
      ['afterLoadRemote', { error: new Error('x'), recovered: true }],
    ]);
    expect(seen.map((load) => load.phase)).toEqual(['entry', 'shared']);
  });

  it('leaves a good load to the render, and ignores a shared failure it recovered from', async () => {
    await run([
      ['beforeRequest', {}],
      ['errorLoadShare', { pkgName: 'react', lifecycle: 'loadShare', recovered: true }],
      ['afterLoadRemote', {}],
    ]);
    expect(seen).toEqual([]);
    pageRendered(id);
    expect(seen).toEqual([{ app: 'remote_goals', outcome: 'ok', durationMs: 0 }]);
  });
});
