import { Toaster } from 'react-hot-toast';
import { CommandPalette, usePaletteShortcut } from '../palette/CommandPalette';
import { TopBar } from '../top-bar/TopBar';
import { AboutFooter } from './AboutFooter';
import { AnimatedOutlet } from './AnimatedOutlet';
import { ToastView } from './ToastView';

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
