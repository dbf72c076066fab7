import { describe, expect, it } from '@rstest/core';
import { fetchLoadFigures, figuresOf, formatRate } from './load-stats';
import { figuresApi, stats, TOKEN } from './test-support/load-figures';

const API = 'http://localhost:8000/api';
const env = { METRICS_TOKEN: TOKEN };

describe('fetchLoadFigures', () => {
  it('reads the last 15 minutes with the bearer token', async () => {
    const api = figuresApi([stats('remote_goals', 'v1', 10, 1)]);
    const figures = await fetchLoadFigures(API, env, undefined, api.fetch);
    expect(api.urls).toEqual([`${API}/telemetry/remote-loads/stats/?minutes=15`]);
    expect(api.headers[0]?.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(figuresOf(figures, 'remote_goals', 'v1')).toMatchObject({ loads: 10, failures: 1 });
    expect(figuresOf(figures, 'remote_goals', 'v2')).toBeNull();
  });

  it('says why there are no figures instead of failing', async () => {
    const cases: [Record<string, string>, (url: string) => Response, RegExp][] = [
      [{}, () => Response.json({}), /set METRICS_TOKEN/],
      [env, () => Response.json({ error: 'x' }, { status: 401 }), /refused METRICS_TOKEN/],
      [env, () => Response.json({ error: 'x' }, { status: 404 }), /has no METRICS_TOKEN set/],
      [env, () => new Response('<html>', { status: 502 }), /answered 502/],
      [
        env,
        () => {
          throw new TypeError('fetch failed');
        },
        /did not answer \(fetch failed\)/,
      ],
    ];
    for (const [given, answer, reason] of cases) {
      const figures = await fetchLoadFigures(API, given, 15, figuresApi(answer).fetch);
      expect(figures).toEqual({ available: false, reason: expect.stringMatching(reason) });
    }
  });
});

describe('formatRate', () => {
  it('shows a tenth of a percent only below 10 %', () => {
    expect([0, 0.025, 0.05, 0.0999, 0.5, 2 / 3, 1].map(formatRate)).toEqual([
      '0 %',
      '2.5 %',
      '5 %',
      '10 %',
      '50 %',
      '67 %',
      '100 %',
    ]);
  });
});
