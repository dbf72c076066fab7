import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { logError, paths, useAuthStore } from '@stride/shared';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  currentInstallOffer,
  installStride,
  subscribeToInstallOffer,
} from '../install/install-offer';
import { MenuDropdown } from './menu-dropdown';
import type { MenuFrame } from './menu-frame';

/**
 * The signed-in user's menu (docs/product.md §2): Dashboard and Logout, and
 * "Install Stride" while the browser offers to install it. The trigger is MenuButton's.
 */
export function UserMenu(frame: MenuFrame) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const installOffer = useSyncExternalStore(
    subscribeToInstallOffer,
    currentInstallOffer,
    () => null,
  );

  const onLogout = async () => {
    try {
      await logout();
    } catch (error) {
      logError('Logout from the top bar failed', error);
    }
    navigate(paths.login);
  };

  return (
    <MenuDropdown {...frame}>
      <DropdownMenu.Item className="menu__item" onSelect={() => navigate(paths.dashboard)}>
        Dashboard
      </DropdownMenu.Item>
      {installOffer && (
        <DropdownMenu.Item
          className="menu__item"
          onSelect={() =>
            void installStride().catch((error) => logError('Installing Stride failed', error))
          }
        >
          Install Stride
        </DropdownMenu.Item>
      )}
      <DropdownMenu.Separator className="menu__separator" />
      <DropdownMenu.Item className="menu__item" onSelect={() => void onLogout()}>
        Logout
      </DropdownMenu.Item>
    </MenuDropdown>
  );
}
