import { dataActionHref, type PaletteCommand, paths, useAuthStore } from '@stride/shared';
import { NAV_ITEMS } from '../navigation/nav-items';
import { useThemeStore } from '../theme/theme-store';

const THEMES = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['auto', 'Auto (follow the system)'],
] as const;

/** What the shell itself offers: the main pages, export and import, the theme, and signing in or out. */
export function hostCommands(signedIn: boolean): PaletteCommand[] {
  const pages: PaletteCommand[] = NAV_ITEMS.map((item) => ({
    id: `go.${item.page}`,
    label: `Go to ${item.label}`,
    group: 'Go to',
    keywords: ['open', 'page'],
    run: ({ navigate }) => navigate(item.to),
  }));
  const themes: PaletteCommand[] = THEMES.map(([preference, label]) => ({
    id: `theme.${preference}`,
    label: `Theme: ${label}`,
    group: 'Theme',
    keywords: ['switch', 'appearance', 'mode', preference],
    run: () => useThemeStore.getState().setPreference(preference),
  }));
  const account: PaletteCommand = signedIn
    ? {
        id: 'account.logout',
        label: 'Log out',
        group: 'Account',
        keywords: ['sign out', 'exit'],
        run: async ({ navigate }) => {
          await useAuthStore.getState().logout();
          navigate(paths.login);
        },
      }
    : {
        id: 'account.login',
        label: 'Sign in',
        group: 'Account',
        keywords: ['log in'],
        run: ({ navigate }) => navigate(paths.login),
      };
  // Export and import live in the dashboard's account panel: these lead there.
  const data: PaletteCommand[] = [
    {
      id: 'data.export',
      label: 'Export your data (JSON or CSV)',
      group: 'Account',
      keywords: ['download', 'backup', 'json', 'csv', 'save'],
      run: ({ navigate }) => navigate(dataActionHref('export')),
    },
    {
      id: 'data.import',
      label: 'Import tasks from a file (Stride or Todoist)',
      group: 'Account',
      keywords: ['upload', 'todoist', 'csv', 'json', 'restore'],
      run: ({ navigate }) => navigate(dataActionHref('import')),
    },
  ];
  return [...(signedIn ? [...pages, ...data] : []), ...themes, account];
}
