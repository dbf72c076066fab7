// A client's own X-Forwarded-For never becomes its address at the API: the
// API trusts no proxy by default (`pnpm start`), and in the scaled deployment
// nginx overwrites the header with the address that connected to it while the
// instances trust nginx alone (TRUST_PROXY=127.0.0.1). So a client that sends
// a new X-Forwarded-For with every request still spends one rate-limit budget.
import { expect, test } from '@playwright/test';
import { API_BASE } from './support/env';

test('a client-sent X-Forwarded-For does not change the address the rate limits count', {
  tag: '@smoke',
}, async ({ request }) => {
  // Unknown API paths are rate-limited per client address (300 a minute).
  const remaining: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const response = await request.get(`${API_BASE}/no-such-route-${i}/`, {
      headers: { 'X-Forwarded-For': `198.51.100.${i}` },
    });
    expect(response.status()).toBe(404);
    remaining.push(Number(response.headers()['x-ratelimit-remaining']));
  }
  // Believed, each forged address would get a fresh budget (the same count
  // every time); one client's budget only goes down (by more if another
  // test spends from it meanwhile).
  for (let i = 1; i < remaining.length; i++) {
    expect(remaining[i], `remaining after request ${i + 1}: ${remaining}`).toBeLessThan(
      remaining[i - 1] as number,
    );
  }
});
