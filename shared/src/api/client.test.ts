import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { setRuntimeConfig } from '../config/runtime-config';
import { hanging, json, networkError, stubFetch } from '../test-utils';
import { ApiError } from './api-error';
import { apiRequest } from './client';

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
  setRuntimeConfig({ apiBase: 'http://localhost:8000/api', remotes: {} });
});

describe('apiRequest', () => {
  it('calls the configured API base with cookies and JSON', async () => {
    setRuntimeConfig({ apiBase: 'https://api.example.com/api/', remotes: {} });
    const { calls } = stubFetch(json({ ok: true }));
    const fetchSpy = rs.spyOn(globalThis, 'fetch');
    await expect(apiRequest('/things/', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]?.url).toBe('https://api.example.com/api/things/');
    // The cookie mode is the browser's business, not the wire's: read it from the call.
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(calls[0]?.body).toBe('{"a":1}');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no body and no content type on a bodiless POST', async () => {
    const { calls } = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/auth/logout/', { method: 'POST' })).resolves.toBeUndefined();
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('classifies an error status and keeps the JSON error body', async () => {
    stubFetch(
      json({ error: 'Username taken', code: 'username_taken', fields: { username: 'Taken' } }, 409),
    );
    const error = await apiRequest('/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 409, body: { code: 'username_taken' } });
    expect((error as ApiError).fields).toEqual({ username: 'Taken' });
  });

  it('classifies an HTML error page as http without a body', async () => {
    stubFetch(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(apiRequest('/x/')).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      body: undefined,
    });
  });

  it('classifies a 200 that is not JSON as parse', async () => {
    stubFetch(new Response('<html>', { status: 200 }));
    await expect(apiRequest('/x/')).rejects.toMatchObject({ kind: 'parse' });
  });

  it('classifies a failed connection as network', async () => {
    stubFetch(networkError());
    await expect(apiRequest('/x/')).rejects.toMatchObject({ kind: 'network' });
  });

  it('gives up after the timeout and says so', async () => {
    rs.useFakeTimers();
    stubFetch(hanging());
    const pending = apiRequest('/slow/', { timeoutMs: 5000 }).catch((e: unknown) => e);
    await rs.advanceTimersByTimeAsync(5000);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it('accepts listed error statuses as answers', async () => {
    stubFetch(json({ status: 'unhealthy' }, 503));
    await expect(apiRequest('/health/', { acceptStatuses: [503] })).resolves.toEqual({
      status: 'unhealthy',
    });
  });
});
