import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { DROPDOWN_MIN_WIDTH, DROPDOWN_SIDE_OFFSET } from '@stride/shared';
import type { ReactNode, Ref, RefObject } from 'react';
import { useImperativeHandle } from 'react';
import type { MenuFrame } from './menu-frame';

/**
 * Radix's `DropdownMenu.Trigger asChild` around this renders nothing: it
 * points Radix's trigger ref at the host's own button (MenuButton), so the
 * menu positions itself against that button and gives focus back to it on
 * close. The button keeps its own handlers and ARIA; Radix's are not needed.
 */
function ButtonAnchor({
  button,
  ref,
}: {
  button: RefObject<HTMLButtonElement | null>;
  ref?: Ref<HTMLButtonElement>;
}) {
  // Radix reads it only once the button is on the page, which MenuButton's is by then.
  useImperativeHandle(ref, () => button.current as HTMLButtonElement, [button]);
  return null;
}

/**
 * The Radix dropdown every top-bar menu sits in: anchored to MenuButton's
 * trigger, not modal (the page stays usable), named by the trigger
 * (`aria-labelledby`) and found by it (`contentId`, its `aria-controls`).
 */
export function MenuDropdown({
  open,
  onOpenChange,
  trigger,
  triggerId,
  contentId,
  children,
}: MenuFrame & { children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <ButtonAnchor button={trigger} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          id={contentId}
          aria-labelledby={triggerId}
          className="menu"
          sideOffset={DROPDOWN_SIDE_OFFSET}
          align="end"
          style={{ minWidth: DROPDOWN_MIN_WIDTH }}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
