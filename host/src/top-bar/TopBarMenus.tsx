import type { User } from '@stride/shared';
import { useRef, useState } from 'react';
import { type MenuHandoff, type MenuName, topBarMenus } from './menu-handoff';
import { ThemeTriggerIcon, UserTriggerContent, useThemeTriggerLabel } from './menu-triggers';

/**
 * The theme and user menus. Until Radix has loaded (when the first page has
 * settled, or at the first click) each is drawn by a stand-in button that
 * looks and is named the same; a click on it loads Radix and opens the menu,
 * and keyboard focus moves over to the real trigger.
 */
export function TopBarMenus({ user }: { user: User | null }) {
  const menus = topBarMenus.useModule();
  const [asked, setAsked] = useState<MenuName | null>(null);
  const focused = useRef<MenuName | null>(null);
  const themeLabel = useThemeTriggerLabel();

  // An opening menu takes focus itself; only a closed one hands focus to its trigger.
  const handoff = (name: MenuName): MenuHandoff => ({
    open: asked === name,
    focus: asked !== name && focused.current === name,
  });
  const standIn = (name: MenuName) => ({
    onClick: () => {
      setAsked(name);
      void topBarMenus.load();
    },
    onFocus: () => {
      focused.current = name;
    },
    onBlur: () => {
      focused.current = null;
    },
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
  });

  if (menus) {
    return (
      <>
        <menus.ThemeMenu handoff={handoff('theme')} />
        {user && <menus.UserMenu user={user} handoff={handoff('user')} />}
      </>
    );
  }
  return (
    <>
      <button type="button" className="icon-button" aria-label={themeLabel} {...standIn('theme')}>
        <ThemeTriggerIcon />
      </button>
      {user && (
        <button type="button" className="user-menu__trigger" {...standIn('user')}>
          <UserTriggerContent user={user} />
        </button>
      )}
    </>
  );
}
