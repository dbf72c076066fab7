import { deferredModule } from '@stride/shared';
import type { RefObject } from 'react';

/** Radix (about 30 KB gzip) is not needed to show the first page: only the menus' content waits for it. */
export const topBarMenus = deferredModule(() => import('./menus'));

/**
 * What a menu's content needs from the trigger that owns it (MenuButton):
 * the trigger is the host's own button, the same element from first paint
 * on, and the content (Radix, loaded late) anchors to it, names itself after
 * it and hands focus back to it.
 */
export interface MenuFrame {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  triggerId: string;
  contentId: string;
}
