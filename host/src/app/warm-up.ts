import { whenSettled } from '@stride/shared';
import { preloadPage } from '../remotes/remote-registry';
import { motionFade } from '../shell/AnimatedOutlet';
import { topBarMenus } from '../top-bar/menu-frame';
import { NAV_ITEMS } from '../top-bar/nav-items';

/**
 * Once the first page has settled: warm the other main pages, so switching
 * feels instant, and load what the first page could do without (the menus'
 * Radix, the fade's framer-motion).
 */
export function warmUpWhenSettled(): void {
  whenSettled(() => {
    for (const item of NAV_ITEMS) preloadPage(item);
    void topBarMenus.load();
    void motionFade.load();
  });
}
