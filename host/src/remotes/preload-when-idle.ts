import { NAV_ITEMS } from '../top-bar/nav-items';
import { preloadPage } from './remote-registry';

// Long enough that the current page's own code and data go first.
const IDLE_DELAY_MS = 2000;

/** Once the first page has settled, warms the main pages so switching feels instant. */
export function preloadMainPagesWhenIdle(): void {
  const run = () => {
    for (const item of NAV_ITEMS) preloadPage(item);
  };
  const schedule = () =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(run, { timeout: IDLE_DELAY_MS });
      else run();
    }, IDLE_DELAY_MS);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
