import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { Browser, makeApp, POSTGRES_SERVER, startIdp, type TestApp } from './helpers.js';

const TOKEN = 'scrape-token-0123456789';
let idp: DevIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
afterEach(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({
    url: '/api/metrics/',
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/metrics/', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    t = await makeApp(idp);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('asks for the bearer token', async () => {
    t = await makeApp(idp, { env: { METRICS_TOKEN: TOKEN } });
    for (const header of [undefined, 'Bearer nope', TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });

  it('counts requests by route pattern and status, rate-limit refusals and cache lookups', async () => {
    t = await makeApp(idp, { env: { METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    const browser = new Browser(t.app);
    await browser.signInGoogle('metrics@example.com'); // initiate #1
    const created = await browser.request('POST', '/api/tasks/', { body: { title: 'Count me' } });
    await browser.request('GET', `/api/tasks/${created.json().task.id}/`);
    await browser.request('GET', '/api/tasks/');
    await browser.request('GET', '/api/tasks/');
    await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} }); // #2
    const limited = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    expect(limited.statusCode).toBe(429);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain(
      'stride_http_requests_total{method="GET",route="/api/tasks/:id/",status="200"} 1',
    );
    expect(text).toContain(
      'stride_http_requests_total{method="POST",route="/api/tasks/",status="201"} 1',
    );
    expect(text).toMatch(
      /stride_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/tasks\/",status="200"\} 2/,
    );
    expect(text).toContain('stride_rate_limited_total{route="/api/auth/oauth/google/initiate/"} 1');
    expect(text).toContain('stride_list_cache_lookups_total{result="hit"} 1');
    expect(text).toMatch(/stride_cache_entries \d+/);
    expect(text).toContain('stride_process_cpu_seconds_total');
    if (POSTGRES_SERVER) expect(text).toMatch(/stride_db_pool_connections\{state="total"\} \d+/);
  });
});
