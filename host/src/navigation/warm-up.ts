import { whenSettled } from '@stride/shared';
import { preloadPage, type RemotePageRef } from '../remotes/remote-loader';
import { motionFade } from '../shell/AnimatedOutlet';
import { NAV_ITEMS } from './nav-items';

/**
 * A touch screen is taken for a phone: its data and CPU are dear, and a touch
 * on a link gives a head start of its own (pointerenter fires at the touch).
 */
const isPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * A user heads for another page (pointer over or focus on a nav link): fetch
 * its code, and framer-motion for the fade, which only a path change uses
 * (the CSS fade stands in until it arrives).
 */
export function warmNavigation(page: RemotePageRef): void {
  preloadPage(page);
  void motionFade.load();
}

/**
 * Once the first page has settled, on a computer with a mouse: warm the other
 * main pages, so switching is instant. A phone waits for the user's intent
 * (warmNavigation), which keeps its first seconds to the first page.
 * The menus' Radix loads on intent everywhere (MenuButton).
 */
export function warmUpWhenSettled(): void {
  whenSettled(() => {
    if (isPhone()) return;
    for (const item of NAV_ITEMS) warmNavigation(item);
  });
}
