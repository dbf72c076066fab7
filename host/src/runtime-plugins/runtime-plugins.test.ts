import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { json, stubFetch } from '@stride/shared/testing';
import fallbackPlugin from './fallback';
import retryPlugin from './retry';

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
    const { calls } = stubFetch(
      new TypeError('Failed to fetch'),
      json({}, 503),
      json({ ok: true }),
    );
    const pending = retryPlugin().fetch?.(...(['http://r/mf-manifest.json', {}] as Args<'fetch'>));
    await rs.advanceTimersByTimeAsync(2000);
    const response = (await pending) as Response;
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('gives up after two retries and does not retry a 404', async () => {
    rs.useFakeTimers();
    stubFetch(new TypeError('a'), new TypeError('b'), new TypeError('c'));
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
