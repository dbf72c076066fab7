import { describe, expect, it } from '@rstest/core';
import { fakeApi } from './fake-api';
import { stubFetch } from './fetch-stub';
import { json, takeUnanswered } from './network';

// Each test takes the unanswered requests itself, so the guard in
// network-setup.ts (which would fail the test) sees none.
describe('the fake network', () => {
  it('fails a request nobody declared like a dropped connection, and writes it down', async () => {
    const error = await fetch('http://localhost:8000/api/tasks/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(takeUnanswered()).toEqual(['GET http://localhost:8000/api/tasks/']);
  });

  it('leaves a request unanswered once stubFetch has used its replies', async () => {
    const { calls } = stubFetch(json({ ok: true }));
    expect((await fetch('http://api.test/a')).status).toBe(200);
    await expect(fetch('http://api.test/b')).rejects.toBeInstanceOf(TypeError);
    expect(calls.map((call) => call.url)).toEqual(['http://api.test/a']);
    expect(takeUnanswered()).toEqual(['GET http://api.test/b']);
  });

  it('answers fakeApi routes by path, prefers an exact query, and repeats the last reply', async () => {
    const { callsTo } = fakeApi({
      'GET /goals/': json({ which: 'any query' }),
      'GET /goals/?status=active': [json({ which: 'first' }), json({ which: 'then' })],
    });
    const read = async (url: string) => (await (await fetch(url)).json()).which;
    expect(await read('http://api.test/api/goals/?status=done')).toBe('any query');
    expect(await read('http://api.test/api/goals/?status=active')).toBe('first');
    expect(await read('http://api.test/api/goals/?status=active')).toBe('then');
    expect(await read('http://api.test/api/goals/?status=active')).toBe('then');
    expect(callsTo('GET /goals/?status=active')).toHaveLength(3);
    await expect(fetch('http://api.test/api/tasks/', { method: 'POST' })).rejects.toBeInstanceOf(
      TypeError,
    );
    expect(takeUnanswered()).toEqual(['POST http://api.test/api/tasks/']);
  });
});
