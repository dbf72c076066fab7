import { Toasts } from '@stride/shared';
import { OfflineBanner } from '../offline/OfflineBanner';
import { OMIT_FROM_LAST_SCREEN } from '../offline/offline-policy';
import { CommandPalette } from '../palette/CommandPalette';
import { AboutFooter } from '../shell/AboutFooter';
import { AnimatedOutlet } from '../shell/AnimatedOutlet';
import { TopBar } from '../top-bar/TopBar';

/**
 * The frame around every route: top bar, the offline banner, the routed page, the footer with
 * "About Stride", the command palette (Ctrl-K / ⌘K), and the one <Toasts/>
 * region that every remote's toasts land in.
 *
 * In app/, not shell/: it puts together the top bar and the palette, whose
 * folders sit above shell/'s pieces (docs/architecture.md §10).
 */
export function AppShell() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <OfflineBanner />
      <main id="main" className="content" tabIndex={-1}>
        <AnimatedOutlet />
      </main>
      <AboutFooter />
      <CommandPalette />
      {/* A toast of the last visit would be news out of date (docs/architecture.md §11). */}
      <div className="toasts-frame" {...OMIT_FROM_LAST_SCREEN}>
        <Toasts />
      </div>
    </>
  );
}
