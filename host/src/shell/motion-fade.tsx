import { AnimatePresence, domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * The page fade with an exit as well as an entrance (framer-motion), through
 * `LazyMotion` and `m` with the DOM animation features only (opacity, exit):
 * the full `motion` component would bring layout animation and drag along.
 */
export function MotionFade({ pathname, children }: { pathname: string; children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  return (
    <LazyMotion features={domAnimation} strict>
      <AnimatePresence mode="wait">
        <m.div
          key={pathname}
          className="route-fade"
          data-testid="route-fade"
          initial={{ opacity: 0 }}
          animate={{ opacity: 1 }}
          exit={{ opacity: 0 }}
          transition={{ duration: reduceMotion ? 0 : 0.15, ease: 'easeOut' }}
        >
          {children}
        </m.div>
      </AnimatePresence>
    </LazyMotion>
  );
}
