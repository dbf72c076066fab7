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
 */
export function AnimatedOutlet() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const motion = motionFade.useModule();
  const switched = useRef(false);
  const plainPath = useRef(pathname);
  if (!switched.current) {
    if (motion && pathname !== plainPath.current) switched.current = true;
    else plainPath.current = pathname;
  }
  if (!motion || !switched.current) {
    return (
      <div key={pathname} className="route-fade route-fade--css" data-testid="route-fade">
        {outlet}
      </div>
    );
  }
  return <motion.MotionFade pathname={pathname}>{outlet}</motion.MotionFade>;
}
