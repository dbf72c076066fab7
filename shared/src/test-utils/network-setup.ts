// Run before every test file of the browser packages (rstest `setupFiles`,
// see rstest-config.ts): the fake network is up for each test and torn down
// after, and a request that no handler answered fails the test that made it —
// it would otherwise surface as a network error the code under test may
// handle gracefully, letting the test pass for the wrong reason.
import { afterAll, afterEach, beforeAll } from '@rstest/core';
import { network, takeUnanswered } from './network';

interface HappyDomWindow {
  happyDOM?: { settings: { fetch: { disableSameOriginPolicy: boolean } } };
}

beforeAll(() => {
  // One page origin, every API faked: CORS belongs to the e2e suite, which
  // runs the real cross-origin deployment. Without this, happy-dom sends a
  // preflight OPTIONS that every handler would have to answer.
  const { happyDOM } = globalThis as HappyDomWindow;
  if (happyDOM) happyDOM.settings.fetch.disableSameOriginPolicy = true;
  network.listen({ onUnhandledFrame: 'error' });
});

afterEach(() => {
  network.resetHandlers();
  const unanswered = takeUnanswered();
  if (unanswered.length > 0) {
    throw new Error(
      `No handler answered ${unanswered.join(', ')}: declare it with stubFetch or fakeApi`,
    );
  }
});

afterAll(() => network.close());
