import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { DROPDOWN_MIN_WIDTH, DROPDOWN_SIDE_OFFSET, type ThemePreference } from '@stride/shared';
import { isThemePreference } from '../theme/theme';
import { useThemeStore } from '../theme/theme-store';
import { type MenuHandoff, useTriggerFocus } from './menu-handoff';
import { THEME_LABELS, ThemeTriggerIcon, useThemeTriggerLabel } from './menu-triggers';

/** Light, dark or auto; auto follows the system. */
export function ThemeMenu({ handoff }: { handoff?: MenuHandoff }) {
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  const trigger = useTriggerFocus(handoff?.focus);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={handoff?.open}>
      <DropdownMenu.Trigger
        ref={trigger}
        className="icon-button"
        aria-label={useThemeTriggerLabel()}
      >
        <ThemeTriggerIcon />
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
            {(Object.keys(THEME_LABELS) as ThemePreference[]).map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="menu__item menu__item--radio"
              >
                <DropdownMenu.ItemIndicator className="menu__indicator">
                  ✓
                </DropdownMenu.ItemIndicator>
                {THEME_LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
