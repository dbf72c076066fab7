import type { ResolvedTheme, ThemePreference } from '@stride/shared';
import { create } from 'zustand';
import {
  applyTheme,
  readPreference,
  resolveTheme,
  systemPrefersDark,
  watchSystemTheme,
  writePreference,
  writeThemeCookie,
} from './theme';

interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  preference: 'auto',
  resolved: 'light',
  setPreference: (preference) => {
    writePreference(preference);
    const resolved = resolveTheme(preference, systemPrefersDark());
    applyTheme(resolved);
    set({ preference, resolved });
  },
}));

/**
 * Applies the stored theme and keeps `auto` following the system live.
 * Called once at start; returns the function that stops following.
 */
export function startTheme(): () => void {
  const preference = readPreference();
  // A preference stored before the cookie existed gets it now.
  writeThemeCookie(preference);
  const resolved = resolveTheme(preference, systemPrefersDark());
  applyTheme(resolved);
  useThemeStore.setState({ preference, resolved });
  return watchSystemTheme((prefersDark) => {
    const { preference: current } = useThemeStore.getState();
    if (current !== 'auto') return;
    const next = resolveTheme('auto', prefersDark);
    applyTheme(next);
    useThemeStore.setState({ resolved: next });
  });
}
