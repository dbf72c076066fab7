import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { DROPDOWN_MIN_WIDTH, DROPDOWN_SIDE_OFFSET, type ThemePreference } from '@stride/shared';
import { isThemePreference } from '../theme/theme';
import { useThemeStore } from '../theme/theme-store';

const LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (system)',
};

const ICONS: Record<'light' | 'dark', string> = {
  light:
    'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14-1.41-1.41M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

/** Light, dark or auto; auto follows the system. */
export function ThemeMenu() {
  const preference = useThemeStore((state) => state.preference);
  const resolved = useThemeStore((state) => state.resolved);
  const setPreference = useThemeStore((state) => state.setPreference);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button" aria-label={`Theme: ${LABELS[preference]}`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d={ICONS[resolved]}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          sideOffset={DROPDOWN_SIDE_OFFSET}
          align="end"
          style={{ minWidth: DROPDOWN_MIN_WIDTH }}
        >
          <DropdownMenu.Label className="menu__label">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => isThemePreference(value) && setPreference(value)}
          >
            {(Object.keys(LABELS) as ThemePreference[]).map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="menu__item menu__item--radio"
              >
                <DropdownMenu.ItemIndicator className="menu__indicator">
                  ✓
                </DropdownMenu.ItemIndicator>
                {LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
