import type { User } from '@stride/shared';
import { MenuButton } from './MenuButton';
import { ThemeTriggerIcon, UserTriggerContent, useThemeTriggerLabel } from './menu-triggers';

/**
 * The theme and user menus. Their buttons are drawn with the first page and
 * stay the same elements; the menus' content (Radix) loads when the first
 * page has settled, or at the first press, which opens the menu once it has.
 */
export function TopBarMenus({ user }: { user: User | null }) {
  const themeLabel = useThemeTriggerLabel();
  return (
    <>
      <MenuButton
        className="icon-button"
        label={themeLabel}
        menu={(menus, frame) => <menus.ThemeMenu {...frame} />}
      >
        <ThemeTriggerIcon />
      </MenuButton>
      {user && (
        // Named by its visible text (the display name): the avatar and chevron are decoration.
        <MenuButton
          className="user-menu__trigger"
          menu={(menus, frame) => <menus.UserMenu {...frame} />}
        >
          <UserTriggerContent user={user} />
        </MenuButton>
      )}
    </>
  );
}
