import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ThemePreference } from '@stride/shared';
import { isThemePreference } from '../theme/theme';
import { useThemeStore } from '../theme/theme-store';
import { MenuDropdown } from './menu-dropdown';
import type { MenuFrame } from './menu-frame';
import { THEME_LABELS } from './menu-triggers';

/** Light, dark or auto; auto follows the system. The trigger is MenuButton's. */
export function ThemeMenu(frame: MenuFrame) {
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  return (
    <MenuDropdown {...frame}>
      <DropdownMenu.Label className="menu__label">Theme</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => isThemePreference(value) && setPreference(value)}
      >
        {(Object.keys(THEME_LABELS) as ThemePreference[]).map((value) => (
          <DropdownMenu.RadioItem
            key={value}
            value={value}
            className="menu__item menu__item--radio"
          >
            <DropdownMenu.ItemIndicator className="menu__indicator">✓</DropdownMenu.ItemIndicator>
            {THEME_LABELS[value]}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </MenuDropdown>
  );
}
