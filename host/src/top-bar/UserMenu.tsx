import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Avatar,
  DISPLAY_NAME_MAX_WIDTH,
  DROPDOWN_MIN_WIDTH,
  DROPDOWN_SIDE_OFFSET,
  logError,
  paths,
  topBarDisplayName,
  type User,
  useAuthStore,
} from '@stride/shared';
import { useNavigate } from 'react-router-dom';

/** The signed-in user's menu (spec §2): avatar and name, then Dashboard and Logout. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const name = topBarDisplayName(user);

  const onLogout = async () => {
    try {
      await logout();
    } catch (error) {
      logError('Logout from the top bar failed', error);
    }
    navigate(paths.login);
  };

  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by its visible text (the display name): the avatar and chevron are decoration. */}
      <DropdownMenu.Trigger className="user-menu__trigger">
        <Avatar user={user} />
        <span className="user-menu__name" style={{ maxWidth: DISPLAY_NAME_MAX_WIDTH }} title={name}>
          {name}
        </span>
        <svg className="user-menu__chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
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
