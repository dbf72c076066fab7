import {
  Avatar,
  DISPLAY_NAME_MAX_WIDTH,
  type ThemePreference,
  topBarDisplayName,
  type User,
} from '@stride/shared';
import { useThemeStore } from '../theme/theme-store';

/**
 * What the two top-bar menu buttons show. Both the real (Radix) triggers and
 * the stand-ins drawn before Radix has loaded render these, so the swap is
 * invisible and the buttons keep the same accessible names.
 */
export const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (system)',
};

const ICONS: Record<'light' | 'dark', string> = {
  light:
    'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14-1.41-1.41M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

export function useThemeTriggerLabel(): string {
  return `Theme: ${THEME_LABELS[useThemeStore((state) => state.preference)]}`;
}

export function ThemeTriggerIcon() {
  const resolved = useThemeStore((state) => state.resolved);
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d={ICONS[resolved]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Avatar, display name (truncated at 12rem) and chevron; named by the display name. */
export function UserTriggerContent({ user }: { user: User }) {
  const name = topBarDisplayName(user);
  return (
    <>
      <Avatar user={user} />
      <span className="user-menu__name" style={{ maxWidth: DISPLAY_NAME_MAX_WIDTH }} title={name}>
        {name}
      </span>
      <svg className="user-menu__chevron" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </>
  );
}
