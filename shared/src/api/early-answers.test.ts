import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { setRuntimeConfig } from '../config/runtime-config';
import { json, networkError, stubFetch } from '../test-utils';
import { apiRequest } from './client';
import { dropEarlyAnswers, EARLY_ANSWERS, startEarlyAnswers } from './early-answers';

afterEach(() => {
  dropEarlyAnswers();
  rs.useRealTimers();
  setRuntimeConfig({ apiBase: 'http://localhost:8000/api', remotes: {} });
});

describe('early answers', () => {
  it('answers the page’s own read from the request started early, asking once', async () => {
    const { calls } = stubFetch(json({ items: ['early'] }));
    startEarlyAnswers(['/labels/']);
    await expect(apiRequest('/labels/')).resolves.toEqual({ items: ['early'] });
    expect(calls.map((call) => call.url)).toEqual(['http://localhost:8000/api/labels/']);
  });

  it('is taken once: the next read of the same path asks again', async () => {
    const { calls } = stubFetch(json({ n: 1 }), json({ n: 2 }));
    startEarlyAnswers(['/labels/']);
    await apiRequest('/labels/');
    await expect(apiRequest('/labels/')).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is dropped by a write, which could have made it stale', async () => {
    const { calls } = stubFetch(json({ n: 'early' }), json({ ok: true }), json({ n: 'fresh' }));
    startEarlyAnswers(['/labels/']);
    await apiRequest('/labels/', { method: 'POST', body: { name: 'x' } });
    await expect(apiRequest('/labels/')).resolves.toEqual({ n: 'fresh' });
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('is let go once too old, never used late', async () => {
    rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = stubFetch(json({ n: 'early' }), json({ n: 'fresh' }));
    startEarlyAnswers(['/labels/']);
    rs.advanceTimersByTime(EARLY_ANSWERS.maxAgeMs);
    rs.useRealTimers();
    await expect(apiRequest('/labels/')).resolves.toEqual({ n: 'fresh' });
    expect(calls).toHaveLength(2);
  });

  it('asks itself when the early request failed', async () => {
    stubFetch(networkError(), json({ n: 'own' }));
    startEarlyAnswers(['/labels/']);
    await expect(apiRequest('/labels/')).resolves.toEqual({ n: 'own' });
  });

  it('does not start a read the page is already asking for itself', async () => {
    stubFetch(json({ n: 'own' }));
    const fetched = rs.spyOn(globalThis, 'fetch');
    const own = apiRequest('/labels/');
    startEarlyAnswers(['/labels/']);
    expect(fetched).toHaveBeenCalledTimes(1);
    await expect(own).resolves.toEqual({ n: 'own' });
    fetched.mockRestore();
  });

  it('starts at most its limit of reads', async () => {
    const paths = Array.from({ length: EARLY_ANSWERS.max + 2 }, (_, at) => `/r${at}/`);
    const { calls } = stubFetch(...paths.map(() => json({})));
    startEarlyAnswers(paths);
    for (const path of paths.slice(0, EARLY_ANSWERS.max)) await apiRequest(path);
    expect(calls).toHaveLength(EARLY_ANSWERS.max);
  });
});
