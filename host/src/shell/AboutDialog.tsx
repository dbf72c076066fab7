import { Button, COPY } from '@stride/shared';
import { useEffect, useRef } from 'react';
import { type RunningRelease, runningReleases } from '../releases/release-info';

const CHANNEL_LABELS: Record<RunningRelease['channel'], string> = {
  live: 'live',
  canary: 'canary',
  override: 'tester override',
  unmanaged: 'not in the registry',
};

/**
 * "About Stride": which version of each app this page runs and why (live,
 * canary or a tester's override). Support asks for this first. A native
 * modal <dialog>: the browser traps focus, Escape closes it, and focus goes
 * back to whatever opened it.
 */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="about" aria-labelledby="about-title" onClose={onClose}>
      <h2 id="about-title">{COPY.aboutTitle}</h2>
      <table className="about__versions">
        <caption>Versions this page runs</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Version</th>
          </tr>
        </thead>
        <tbody>
          {/* Read when opened: the server's HTML has no versions, so the first render has none either. */}
          {(open ? runningReleases() : []).map((release) => (
            <tr key={release.app} data-app={release.app}>
              <th scope="row">{release.app}</th>
              <td>
                <span className="about__version">{release.version ?? 'local build'}</span>
                <span className="about__channel">{CHANNEL_LABELS[release.channel]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="about__actions">
        <Button variant="primary" type="submit" autoFocus>
          Close
        </Button>
      </form>
    </dialog>
  );
}
