import { deferredModule } from '@stride/shared';
import { useRef } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';

/** framer-motion (about 80 KB gzip) is not needed to show the first page. */
export const motionFade = deferredModule(() => import('./motion-fade'));

/**
 * The routed page with a fade between paths (docs/product.md §2), keyed by path. Until
 * framer-motion has loaded, a CSS fade-in does the entrance. The switch to
 * framer-motion waits for the next path change, where the page is replaced
 * anyway, so nothing on screen is ever remounted (and no typed input lost).
 * The page the app opened on has no entrance: it appears as the browser
 * paints it, often from the server's HTML (docs/architecture.md §2), and a
 * fade from transparent would only hold back its first paint.
 */
export function AnimatedOutlet() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const motion = motionFade.useModule();
  const switched = useRef(false);
  const plainPath = useRef(pathname);
  const openedOn = useRef<string | null>(pathname);
  if (pathname !== openedOn.current) openedOn.current = null;
  if (!switched.current) {
    if (motion && pathname !== plainPath.current) switched.current = true;
    else plainPath.current = pathname;
  }
  if (!motion || !switched.current) {
    return (
      <div
        key={pathname}
        className={openedOn.current ? 'route-fade' : 'route-fade route-fade--css'}
        data-testid="route-fade"
      >
        {outlet}
      </div>
    );
  }
  return <motion.MotionFade pathname={pathname}>{outlet}</motion.MotionFade>;
}
