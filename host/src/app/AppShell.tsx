import { Toaster } from 'react-hot-toast';
import { CommandPalette, usePaletteShortcut } from '../palette/CommandPalette';
import { AboutFooter } from '../shell/AboutFooter';
import { AnimatedOutlet } from '../shell/AnimatedOutlet';
import { ToastView } from '../shell/ToastView';
import { TopBar } from '../top-bar/TopBar';

// Inline because react-hot-toast styles its bars inline; the tokens follow the theme.
const TOAST_OPTIONS = {
  style: {
    background: 'var(--surface-raised)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    boxShadow: 'var(--shadow)',
  },
};

/**
 * The frame around every route: top bar, the routed page, the footer with
 * "About Stride", the command palette (Ctrl-K / ⌘K), and the one <Toaster/>
 * that every remote's toasts land in.
 *
 * In app/, not shell/: it puts together the top bar and the palette, whose
 * folders sit above shell/'s pieces (docs/architecture.md §10).
 */
export function AppShell() {
  usePaletteShortcut();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="content" tabIndex={-1}>
        <AnimatedOutlet />
      </main>
      <AboutFooter />
      <CommandPalette />
      {/* Bottom right: never over the top bar's menus. */}
      <Toaster position="bottom-right" gutter={8} toastOptions={TOAST_OPTIONS}>
        {(t) => <ToastView toast={t} />}
      </Toaster>
    </>
  );
}
