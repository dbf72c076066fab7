// Only the contract between a trigger and its menu: the menus import it, so
// it must not import them (the loader is MenuButton's).
import type { RefObject } from 'react';

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
