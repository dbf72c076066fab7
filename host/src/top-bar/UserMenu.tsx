import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  DROPDOWN_MIN_WIDTH,
  DROPDOWN_SIDE_OFFSET,
  logError,
  paths,
  useAuthStore,
} from '@stride/shared';
import { useNavigate } from 'react-router-dom';
import { ButtonAnchor } from './menu-anchor';
import type { MenuFrame } from './menu-frame';

/** The signed-in user's menu (docs/product.md §2): Dashboard and Logout. The trigger is MenuButton's. */
export function UserMenu({ open, onOpenChange, trigger, triggerId, contentId }: MenuFrame) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);

  const onLogout = async () => {
    try {
      await logout();
    } catch (error) {
      logError('Logout from the top bar failed', error);
    }
    navigate(paths.login);
  };

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
          <DropdownMenu.Item className="menu__item" onSelect={() => navigate(paths.dashboard)}>
            Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => void onLogout()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
