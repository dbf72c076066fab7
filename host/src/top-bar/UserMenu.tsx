import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  DROPDOWN_MIN_WIDTH,
  DROPDOWN_SIDE_OFFSET,
  logError,
  paths,
  type User,
  useAuthStore,
} from '@stride/shared';
import { useNavigate } from 'react-router-dom';
import { type MenuHandoff, useTriggerFocus } from './menu-handoff';
import { UserTriggerContent } from './menu-triggers';

/** The signed-in user's menu (spec §2): avatar and name, then Dashboard and Logout. */
export function UserMenu({ user, handoff }: { user: User; handoff?: MenuHandoff }) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const trigger = useTriggerFocus(handoff?.focus);

  const onLogout = async () => {
    try {
      await logout();
    } catch (error) {
      logError('Logout from the top bar failed', error);
    }
    navigate(paths.login);
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={handoff?.open}>
      {/* Named by its visible text (the display name): the avatar and chevron are decoration. */}
      <DropdownMenu.Trigger ref={trigger} className="user-menu__trigger">
        <UserTriggerContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
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
