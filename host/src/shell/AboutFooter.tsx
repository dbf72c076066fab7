import { COPY } from '@stride/shared';
import { useState } from 'react';
import { AboutDialog } from './AboutDialog';

/**
 * The page footer's "About Stride" button, on every route (signed in or not),
 * so support can ask anyone which versions their page runs. The user menu
 * keeps the spec's two items.
 */
export function AboutFooter() {
  const [open, setOpen] = useState(false);
  return (
    <footer className="app-footer">
      <button type="button" className="app-footer__about" onClick={() => setOpen(true)}>
        {COPY.aboutTitle}
      </button>
      <AboutDialog open={open} onClose={() => setOpen(false)} />
    </footer>
  );
}
