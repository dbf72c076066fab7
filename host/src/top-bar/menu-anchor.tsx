import type { Ref, RefObject } from 'react';
import { useImperativeHandle } from 'react';

/**
 * Radix's `DropdownMenu.Trigger asChild` around this renders nothing: it
 * points Radix's trigger ref at the host's own button (MenuButton), so the
 * menu positions itself against that button and gives focus back to it on
 * close. The button keeps its own handlers and ARIA; Radix's are not needed.
 */
export function ButtonAnchor({
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
