import { deferredModule } from '@stride/shared';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import type { MenuFrame } from './menu-frame';

/** Radix (about 30 KB gzip) is not needed to show the first page: only the menus' content waits for it. */
const topBarMenus = deferredModule(() => import('./menus'));

type Menus = NonNullable<ReturnType<typeof topBarMenus.useModule>>;

interface Props {
  className: string;
  /** The accessible name, when the visible content does not give one. */
  label?: string;
  /** What the button shows. */
  children: ReactNode;
  /** The menu's content, once Radix has loaded. */
  menu: (menus: Menus, frame: MenuFrame) => ReactNode;
}

/**
 * A top-bar menu trigger that is the same element from first paint to first
 * use and after. A pointer over it or focus on it starts loading Radix for
 * the content; a press opens the menu at once (aria-expanded says so) and
 * the content follows when Radix is there. Focus, state and a reference
 * anyone holds to the button survive the first click. Pointer and
 * keys behave as Radix's own trigger (a press toggles; Enter, Space and the
 * down arrow open), and a click with no press before it, as a screen reader
 * sends, toggles too.
 */
export function MenuButton({ className, label, children, menu }: Props) {
  const menus = topBarMenus.useModule();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const triggerId = useId();
  const contentId = useId();

  const setOpenAndLoad = (next: boolean) => {
    if (next) void topBarMenus.load();
    setOpen(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || event.ctrlKey) return;
    pressed.current = true;
    setOpenAndLoad(!open);
    // Keep focus on the button, as Radix's trigger does; the menu takes it when it opens.
    if (!open) event.preventDefault();
  };
  const onClick = () => {
    if (!pressed.current) setOpenAndLoad(!open);
    pressed.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') setOpenAndLoad(!open);
    else if (event.key === 'ArrowDown') setOpenAndLoad(true);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <button
        ref={trigger}
        id={triggerId}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open && menus ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        // A pointer over the button or focus on it starts loading the menu's code.
        onPointerEnter={() => void topBarMenus.load()}
        onFocus={() => void topBarMenus.load()}
        onPointerDown={onPointerDown}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {children}
      </button>
      {menus && menu(menus, { open, onOpenChange: setOpen, trigger, triggerId, contentId })}
    </>
  );
}
