import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { markPageShown } from '@stride/shared';
import { preloadPage } from '../remotes/remote-loader';
import { motionFade } from '../shell/AnimatedOutlet';
import { warmNavigation, warmUpWhenSettled } from './warm-up';

rs.mock('../remotes/remote-loader', () => ({ preloadPage: rs.fn() }));
rs.mock('../shell/AnimatedOutlet', () => ({ motionFade: { load: rs.fn(async () => ({})) } }));

function pointer(kind: 'coarse' | 'fine') {
  rs.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(pointer: ${kind})`,
  }));
}

/** The first page is shown, and the settle delay and idle time pass. */
async function settle() {
  markPageShown();
  await Promise.resolve();
  await rs.advanceTimersByTimeAsync(5_000);
}

beforeEach(() => {
  rs.useFakeTimers();
  rs.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 1));
});

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
  rs.clearAllMocks();
});

describe('warm-up', () => {
  it('warms the main pages and the fade once the first page settles, with a mouse', async () => {
    pointer('fine');
    warmUpWhenSettled();
    expect(preloadPage).not.toHaveBeenCalled();
    await settle();
    expect(rs.mocked(preloadPage).mock.calls.map(([page]) => page.page)).toEqual([
      'DashboardPage',
      'GoalsPage',
      'TasksPage',
    ]);
    expect(motionFade.load).toHaveBeenCalled();
  });

  it('on a touch screen, waits for the user to head somewhere', async () => {
    pointer('coarse');
    warmUpWhenSettled();
    await settle();
    expect(preloadPage).not.toHaveBeenCalled();
    expect(motionFade.load).not.toHaveBeenCalled();

    warmNavigation({ remote: 'remote_tasks', page: 'TasksPage' });
    expect(preloadPage).toHaveBeenCalledWith({ remote: 'remote_tasks', page: 'TasksPage' });
    expect(motionFade.load).toHaveBeenCalled();
  });
});
