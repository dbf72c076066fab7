import { deferredModule } from '@stride/shared';
import { useEffect, useRef } from 'react';

/** Radix (about 30 KB gzip) is not needed to show the first page. */
export const topBarMenus = deferredModule(() => import('./menus'));

export type MenuName = 'theme' | 'user';

/** What a stand-in passes to the real menu that replaces it. */
export interface MenuHandoff {
  /** The user already asked for the menu: open it at once. */
  open: boolean;
  /** The stand-in had keyboard focus: give it to the real trigger. */
  focus: boolean;
}

/** A ref for the real trigger that takes focus on mount when asked. */
export function useTriggerFocus(focus = false) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}
