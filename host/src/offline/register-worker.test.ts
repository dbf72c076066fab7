import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { WORKER_COOKIE } from '@stride/shared/server-html';
import { SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from './offline-policy';
import { startServiceWorker } from './register-worker';

afterEach(() => {
  rs.unstubAllGlobals();
});

/** A browser's service worker container, as far as registering reads it. */
function serviceWorkers(register: () => Promise<unknown>) {
  const container = { register: rs.fn(register), controller: null, addEventListener: rs.fn() };
  rs.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: container });
  return container;
}

describe('startServiceWorker', () => {
  it('registers the worker, lets a waiting one take over, and tells the server it is there', async () => {
    const waiting = { postMessage: rs.fn() };
    const container = serviceWorkers(async () => ({ waiting }));
    const cookies = { cookie: '' };
    await startServiceWorker(cookies);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    // The very message the worker listens for (worker/sw.ts).
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(cookies.cookie).toMatch(new RegExp(`^${WORKER_COOKIE}=1;`));
  });

  it('says the browser has no worker when registering fails', async () => {
    serviceWorkers(async () => {
      throw new Error('blocked');
    });
    const log = rs.spyOn(console, 'error').mockImplementation(() => {});
    const cookies = { cookie: '' };
    await startServiceWorker(cookies);
    expect(cookies.cookie).toMatch(new RegExp(`^${WORKER_COOKIE}=; .*Max-Age=0`));
    expect(log).toHaveBeenCalled();
  });
});
